import { expectShape } from '@/lib/resource';

// The seats' answers read field by field, without the schema library: these calls load on public pages (a
// session's, the schedule's), and sharing that library with them split it into a chunk of its own that the landing
// page's list of chunks would name.

export type Fields = Record<string, unknown>;

export function fields(value: unknown, url: string): Fields {
  expectShape(typeof value === 'object' && value !== null && !Array.isArray(value), url);
  return value as Fields;
}

export function list(value: unknown, url: string): unknown[] {
  expectShape(Array.isArray(value), url);
  return value as unknown[];
}

export function int(value: unknown, url: string): number {
  expectShape(Number.isInteger(value), url);
  return value as number;
}

export function text(value: unknown, url: string): string {
  expectShape(typeof value === 'string', url);
  return value as string;
}

export function textOrNull(value: unknown, url: string): string | null {
  return value === null || value === undefined ? null : text(value, url);
}
