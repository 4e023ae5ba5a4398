// Shows the offer named by ?type= on /merchandise/purchase.html (made by the server from the
// event file). Without this script every offer stays visible.
(function () {
  var type = new URLSearchParams(window.location.search).get('type');
  var eventName = document.body.getAttribute('data-event');
  var sections = document.querySelectorAll('[data-offer]');
  var chosen = null;
  for (var i = 0; i < sections.length; i++) {
    if (sections[i].getAttribute('data-offer') === type) chosen = sections[i];
  }
  if (sections.length === 0) return;

  for (var j = 0; j < sections.length; j++) sections[j].hidden = sections[j] !== chosen;

  if (chosen) {
    var name = chosen.getAttribute('data-name');
    document.getElementById('page-title').textContent = name + ' Special Price';
    document.title = name + ' Special Price | ' + eventName;
    return;
  }

  var message = document.getElementById('unknown-message');
  if (type) {
    message.textContent = '';
    var code = document.createElement('code');
    code.textContent = type;
    message.append('There is no special offer called ', code, '.');
  }
  document.getElementById('offer-unknown').hidden = false;
  document.title = 'Offer not found | ' + eventName;
})();
