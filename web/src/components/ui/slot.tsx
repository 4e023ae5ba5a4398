import { cloneElement, isValidElement, type HTMLAttributes, type ReactNode, type Ref } from 'react';

type SlotProps = HTMLAttributes<HTMLElement> & { children?: ReactNode; ref?: Ref<HTMLElement> };
type Props = Record<string, unknown>;

function setRef(ref: unknown, node: unknown) {
  if (typeof ref === 'function') ref(node);
  else if (ref && typeof ref === 'object' && 'current' in ref) (ref as { current: unknown }).current = node;
}

/**
 * Renders its one child with these props merged in (the `asChild` pattern), as Radix's Slot
 * does: the child's own props win, both event handlers run (the child's first), classes and
 * styles combine and both refs are set.
 */
export function Slot({ children, ...slot }: SlotProps) {
  if (!isValidElement<Props>(children)) return null;
  const own = children.props;
  const merged: Props = { ...slot, ...own };
  for (const [name, value] of Object.entries(slot)) {
    const childValue = own[name];
    if (/^on[A-Z]/.test(name) && typeof value === 'function' && typeof childValue === 'function') {
      merged[name] = (...args: unknown[]) => {
        const result: unknown = childValue(...args);
        value(...args);
        return result;
      };
    }
  }
  merged.className = [slot.className, own.className].filter(Boolean).join(' ') || undefined;
  merged.style = { ...slot.style, ...(own.style as object | undefined) };
  if (slot.ref && own.ref) {
    const refs = [slot.ref, own.ref];
    merged.ref = (node: unknown) => refs.forEach((ref) => setRef(ref, node));
  }
  return cloneElement(children, merged);
}
