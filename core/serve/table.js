/* table.js: the tables' pages' one script (core/serve), allowed by its
 * hash in the pages' policy; without it every page still works.
 * A page that waits follows the desk without a reload by hand: it asks
 * the page's version, a few bytes, every few seconds while the phone
 * shows it, and opens the page again only when it changed (without
 * script, the page's own refresh does the same, less often).
 * The form offers as a penalty's payer only the crew members the
 * answers above make eligible, as ctd_result_penalty_payers() decides
 * (rule 2.5, SPEC 5): one whose cube ended (passed either way, or
 * washed) and who is in no extra played to the end; the Box is never
 * offered. It says why next to the menu, as the answers change, and
 * offers the Captain no penalty the Captain pays. */
(function () {
  var meta = document.querySelector('meta[name="ctd-version"]');
  var busy = false;

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
  if (meta && window.fetch) {
    window.setInterval(poll, 3000);
    document.addEventListener('visibilitychange', poll);
  }

  var payers = document.querySelectorAll('select[data-payers]');
  var form = payers.length ? payers[0].form : null;

  function answer (name) {
    var field = form.elements.namedItem(name);
    return field ? field.value : '';
  }
  /* The seat is party to an extra (one with an offerer) played to the end. */
  function inExtra (seat) {
    for (var e = 1; form.elements.namedItem('extra-' + e + '-by'); e++) {
      var by = answer('extra-' + e + '-by');
      if (by !== '' && (by === seat || answer('extra-' + e + '-to') === seat) &&
          answer('extra-' + e + '-end') === 'played')
        return true;
    }
    return false;
  }
  function offer () {
    for (var i = 0; i < payers.length; i++) {
      var why = [];
      var options = payers[i].querySelectorAll('option[data-cube]');
      for (var o = 0; o < options.length; o++) {
        var option = options[o];
        var reason = answer(option.getAttribute('data-cube')) === 'played'
          ? option.getAttribute('data-played')
          : inExtra(option.value) ? option.getAttribute('data-extra') : '';
        /* A payer already chosen stays: the check says why it is refused. */
        option.disabled = reason !== '' && !option.selected;
        if (reason !== '')
          why.push(reason);
      }
      /* One reason a line, as text: the names in them are anyone's. */
      var note = document.getElementById(payers[i].name + '-why');
      note.textContent = '';
      for (var w = 0; w < why.length; w++) {
        if (w > 0)
          note.appendChild(document.createElement('br'));
        note.appendChild(document.createTextNode(why[w]));
      }
      note.hidden = why.length === 0;
      /* Paid to the Box or the Captain, never by that one to itself. */
      var to = form.elements.namedItem(payers[i].name.replace(/-by$/, '-to'));
      for (var t = 0; to && t < to.options.length; t++)
        to.options[t].disabled = to.options[t].value === payers[i].value && !to.options[t].selected;
    }
  }
  if (form) {
    form.addEventListener('change', offer);
    offer();
  }
})();
