import { execFileSync } from 'node:child_process';
import path from 'node:path';

export interface StoredOrder {
  reference: string;
  gateway: 'sandbox' | 'stripe';
  status: 'pending' | 'paid' | 'failed' | 'expired' | 'refunded';
  buyerEmail: string;
  itemName: string;
  quantity: number;
  amount: number;
  options: Record<string, unknown>;
  pickupCode?: string | null;
}

/**
 * The orders in an e2e server's database (the sandbox server's unless told), read with `conference orders`
 * as an organizer would.
 */
export function storedOrders(dataDir = process.env.E2E_DATA_DIR): StoredOrder[] {
  const root = path.resolve(import.meta.dirname, '../../..');
  const output = execFileSync(path.join(root, 'target/release/conference'), ['orders'], {
    env: { ...process.env, DATA_DIR: dataDir, RUST_LOG: 'error' },
    encoding: 'utf8',
  });
  return output
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as StoredOrder);
}

export function ordersFor(email: string, dataDir?: string): StoredOrder[] {
  return storedOrders(dataDir).filter((order) => order.buyerEmail === email);
}

/** A fresh address per run, so repeated runs against one database never collide. */
export function uniqueEmail(name: string): string {
  return `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}
