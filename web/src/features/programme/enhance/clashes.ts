import type { SessionTime } from './sessions';

/** Whether two sessions overlap in time; one ending as the other starts does not. */
export function overlaps(a: SessionTime, b: SessionTime): boolean {
  return a.start < b.end && b.start < a.end;
}

/** For each session that clashes with another of `sessions`, the sessions it clashes with, in the given order. */
export function clashes(sessions: readonly SessionTime[]): Map<string, SessionTime[]> {
  const found = new Map<string, SessionTime[]>();
  for (const session of sessions) {
    const others = sessions.filter((other) => other.slug !== session.slug && overlaps(session, other));
    if (others.length > 0) found.set(session.slug, others);
  }
  return found;
}
