/* table.js: a table's page that waits follows the desk without a reload
 * by hand (core/serve). It asks the page's version, a few bytes, every
 * few seconds while the phone shows it, and opens the page again only
 * when it changed. Allowed by its hash in the page's policy; without
 * script, the page's own refresh does the same, less often. */
(function () {
  var meta = document.querySelector('meta[name="ctd-version"]');
  var busy = false;

  if (!meta || !window.fetch)
    return;
  function poll () {
    if (busy || document.visibilityState === 'hidden')
      return;
    busy = true;
    fetch(meta.getAttribute('data-src'), { cache: 'no-store', credentials: 'same-origin' })
      .then(function (response) {
        /* A link that opens nothing now: the page says so once opened. */
        return response.ok ? response.text() : response.status === 404 ? '' : null;
      })
      .then(function (version) {
        busy = false;
        if (version !== null && version.trim() !== meta.content)
          window.location.replace(meta.getAttribute('data-page'));
      }, function () {
        busy = false;
      });
  }
  window.setInterval(poll, 3000);
  document.addEventListener('visibilitychange', poll);
})();
