import type { StaffRole } from '@/features/admin/shell/roles';

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

const deviceKey = 'door-device-id';

/**
 * This device's name for the server, made once per sign-in and kept: the server believes a
 * device's offline scans from its first download of the check-in list on, and a device name
 * belongs to the session that first used it, so the next session names the device afresh.
 */
export function doorDeviceId(): string {
  try {
    const known = localStorage.getItem(deviceKey);
    if (known) return known;
    const made = newDeviceId();
    localStorage.setItem(deviceKey, made);
    return made;
  } catch {
    return newDeviceId();
  }
}

/** A new name for this device, for when the server says another session has the old one. */
export function renameDoorDevice(): string {
  forgetDoorDevice();
  return doorDeviceId();
}

function newDeviceId(): string {
  return `door-${crypto.randomUUID().slice(0, 8)}`;
}

function forgetDoorDevice() {
  try {
    localStorage.removeItem(deviceKey);
  } catch {
    // Nothing to forget.
  }
}

export function forgetDoorSession() {
  forgetDoorDevice();
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to forget.
  }
}
