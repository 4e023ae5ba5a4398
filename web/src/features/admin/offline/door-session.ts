import type { StaffRole } from '../api/session';

const key = 'door-session';
const doorRoles: readonly StaffRole[] = ['owner', 'manager', 'door'];

/**
 * Who was signed in on this device, kept so the check-in screen still opens when a reload finds
 * no network. The server checks every scan again when they are sent; signing out forgets it.
 */
export function rememberDoorSession(name: string, role: StaffRole) {
  try {
    if (doorRoles.includes(role)) localStorage.setItem(key, JSON.stringify({ name, role }));
    else localStorage.removeItem(key);
  } catch {
    // Storage refused (a private window): offline reloads are not possible, the rest works.
  }
}

export function rememberedDoorSession(): { name: string; role: StaffRole } | null {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as { name?: unknown; role?: unknown } | null;
    if (typeof stored?.name === 'string' && doorRoles.includes(stored.role as StaffRole)) {
      return { name: stored.name, role: stored.role as StaffRole };
    }
  } catch {
    // Nothing usable stored.
  }
  return null;
}

export function forgetDoorSession() {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to forget.
  }
}
