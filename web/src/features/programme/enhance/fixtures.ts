// Programme pages as the server writes them (the contract between the server's renderer and the enhancer),
// for the enhancer's tests.

function session(slug: string, title: string, start: string, end: string, tag: 'div' | 'li' = 'div') {
  const hidden = tag === 'li' ? ' hidden' : '';
  return `<${tag} id="session-${slug}" data-session="${slug}" data-start="${start}" data-end="${end}"${hidden}>
    <a href="/sessions/${slug}">${title}</a>
    <time datetime="${start}">${start.slice(11, 16)}</time>–<time datetime="${end}">${end.slice(11, 16)}</time>
    <button type="button" data-star="${slug}" aria-pressed="false" aria-label="Star ${title}" hidden>★</button>
  </${tag}>`;
}

/** `/schedule` on the event's first day, 18 May 2026 in Miami (UTC−4). */
export const scheduleHtml = `
  <form data-filters method="get" action="/schedule">
    <input type="hidden" name="day" value="2026-05-18">
    <select name="track"><option value="">All tracks</option><option value="web">Web</option></select>
    <select name="kind"><option value="">All kinds</option><option value="workshop">Workshop</option></select>
    <select name="level"><option value="">All levels</option><option value="advanced">Advanced</option></select>
    <button type="submit" data-filters-apply>Apply</button>
  </form>
  <div data-now-next hidden></div>
  <ol>
    <li>${session('opening', 'Opening keynote', '2026-05-18T09:00:00-04:00', '2026-05-18T10:00:00-04:00')}</li>
    <li>${session('rust-web', 'Rust on the web', '2026-05-18T10:30:00-04:00', '2026-05-18T11:15:00-04:00')}</li>
    <li>${session('react-perf', 'React performance', '2026-05-18T10:30:00-04:00', '2026-05-18T11:30:00-04:00')}</li>
    <li>${session('late-talk', 'Late talk', '2026-05-18T23:30:00-04:00', '2026-05-19T00:15:00-04:00')}</li>
  </ol>`;

/** `/my-schedule`: every session, hidden, by day. */
export const myScheduleHtml = `
  <p data-my-empty>No starred sessions yet. Star sessions on the schedule.</p>
  <a data-my-ics href="/schedule.ics" download hidden>Download as calendar (.ics)</a>
  <section data-day="2026-05-18" hidden><h2>Monday</h2><ul>
    ${session('opening', 'Opening keynote', '2026-05-18T09:00:00-04:00', '2026-05-18T10:00:00-04:00', 'li')}
    ${session('rust-web', 'Rust on the web', '2026-05-18T10:30:00-04:00', '2026-05-18T11:15:00-04:00', 'li')}
    ${session('react-perf', 'React performance', '2026-05-18T10:30:00-04:00', '2026-05-18T11:30:00-04:00', 'li')}
  </ul></section>
  <section data-day="2026-05-19" hidden><h2>Tuesday</h2><ul>
    ${session('hackathon', 'Hackathon', '2026-05-19T09:00:00-04:00', '2026-05-19T17:00:00-04:00', 'li')}
  </ul></section>`;

/** A page element holding `html`, as #programme-page carries it. */
export function programmePage(html: string): HTMLElement {
  const element = document.createElement('div');
  element.id = 'programme-page';
  element.dataset.timezone = 'America/New_York';
  element.dataset.zoneLabel = 'Miami time';
  element.innerHTML = html;
  document.body.replaceChildren(element);
  return element;
}

/** A session's page of a workshop taking sign-ups: its seats' line and the panel's button, as the server writes them. */
export const workshopPageHtml = `
  <article data-session="rust-101" data-start="2026-05-18T10:00:00-04:00" data-end="2026-05-18T12:00:00-04:00">
    <h1>Rust 101</h1>
    <button type="button" data-star="rust-101" aria-pressed="false" aria-label="Star Rust 101" hidden>★</button>
    <div data-seat-panel="rust-101" class="min-h-24"><p data-seats="rust-101"></p>
      <button type="button" data-reserve="rust-101" hidden>Reserve a seat</button></div>
  </article>`;

/** The schedule's cards of two workshops, each with its seats' line. */
export const workshopCardsHtml = `
  <ol>
    <li><div data-session="rust-101" data-start="2026-05-18T10:00:00-04:00" data-end="2026-05-18T12:00:00-04:00">
      <a href="/sessions/rust-101">Rust 101</a><p data-seats="rust-101" class="min-h-5"></p></div></li>
    <li><div data-session="ai-agents" data-start="2026-05-19T14:00:00-04:00" data-end="2026-05-19T16:00:00-04:00">
      <a href="/sessions/ai-agents">AI agents</a><p data-seats="ai-agents" class="min-h-5"></p></div></li>
    <li><div data-session="keynote" data-start="2026-05-18T09:00:00-04:00" data-end="2026-05-18T10:00:00-04:00">
      <a href="/sessions/keynote">Keynote</a></div></li>
  </ol>`;
