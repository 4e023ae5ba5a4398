import { clsx, type ClassValue } from 'clsx';

// Joins class names so that a later utility overrides an earlier one of the same kind: a
// component's defaults give way to the `className` its caller passes. tailwind-merge does
// this for every utility Tailwind has, at 8 KB of the landing page's 90 KB budget; this does
// it for the utilities this app writes. cn.test.ts proves it answers as tailwind-merge does
// for every pair of classes in the source, so a new kind of class fails that test until it
// is taught here.

/** Kinds given by whole class names: 'display:block flex …'. */
const exact = new Map(
  [
    'display:block inline-block inline flex inline-flex grid inline-grid hidden table contents',
    'position:static fixed absolute relative sticky',
    'sr:sr-only not-sr-only',
    'flex-direction:flex-row flex-row-reverse flex-col flex-col-reverse',
    'flex-wrap:flex-wrap flex-nowrap',
    'align-content:content-normal content-center content-start content-end content-between content-around content-evenly content-baseline content-stretch',
    'text-wrap:text-balance text-pretty text-wrap text-nowrap',
    'text-overflow:truncate text-ellipsis text-clip',
    'text-transform:uppercase lowercase capitalize normal-case',
    'text-decoration:underline no-underline line-through',
    'numeric:tabular-nums',
    'isolation:isolate',
    'border-collapse:border-collapse border-separate',
    'border-style:border-solid border-dashed border-dotted border-none',
    'outline-style:outline-none outline-hidden outline-solid outline-dashed',
    'outline-w:outline',
    'ring-w:ring',
    'border-w:border',
    'shadow:shadow',
    'rounded:rounded',
    'transition:transition',
    'backdrop-blur:backdrop-blur',
    'blur:blur',
    'shrink:shrink',
    'grow:grow',
    'divide-y-width:divide-y',
  ].flatMap((line) => {
    const [kind, classes] = line.split(':');
    return classes.split(' ').map((name) => [name, kind] as const);
  }),
);

/** Kinds named by a prefix and a value ('mt-4'); the longest prefix that fits wins. */
const prefixes = (
  'backdrop-blur underline-offset pointer-events justify-self outline-offset line-clamp col-start row-start ' +
  'grid-cols translate-x translate-y col-span scroll-mt whitespace appearance overflow-x overflow-y inset-x ' +
  'space-x space-y overflow duration tracking leading transition animate opacity justify rounded outline ' +
  'shadow cursor select object accent border aspect gap-x gap-y min-w max-w min-h max-h bottom inset items ' +
  'order right break shrink align self size text font fill blur flex left list from wrap ring gap top via bg ' +
  'to px py pt pr pb pl mx my mt mr mb ml p m w h z'
)
  .split(' ')
  .sort((a, b) => b.length - a.length);

const number = /^\d+$/;
const length = /^\[[\d.]+[a-z%]*\]$/;

/** The kind of a utility without variants ('text-sm' → 'font-size'), or undefined for other classes. */
function kindOf(utility: string): string | undefined {
  const known = exact.get(utility);
  if (known) return known;
  const prefix = prefixes.find((candidate) => utility.startsWith(`${candidate}-`));
  const value = prefix && utility.slice(prefix.length + 1);
  switch (prefix) {
    case undefined:
      return undefined;
    case 'text':
      if (/^(xs|sm|base|lg|xl|\dxl)$/.test(value!) || length.test(value!)) return 'font-size';
      return /^(left|center|right|justify|start|end)$/.test(value!) ? 'text-align' : 'text-color';
    case 'font':
      return /^(thin|light|normal|medium|semibold|bold|extrabold|black)$/.test(value!) ? 'font-weight' : 'font-family';
    case 'border': {
      // 'border-t-2' → border-w-t, 'border-t-primary' → border-color-t
      const [, side, rest] = /^(?:([xytrbl])(?:-|$))?(.*)$/.exec(value!)!;
      return `border-${rest === '' || number.test(rest) ? 'w' : 'color'}${side ? `-${side}` : ''}`;
    }
    case 'rounded':
      return /^[trbl](-|$)/.test(value!) ? `rounded-${value![0]}` : 'rounded';
    case 'shadow':
      return /^(2?xs|sm|md|lg|2?xl|none)$/.test(value!) ? 'shadow' : 'shadow-color';
    case 'ring':
    case 'outline':
      return `${prefix}-${number.test(value!) ? 'w' : 'color'}`;
    case 'bg':
      return /^(linear|radial|conic|none)|^\[(linear|radial|conic)-gradient\(/.test(value!) ? 'bg-image' : 'bg-color';
    case 'object':
      return /^(contain|cover|fill|none)$/.test(value!) ? 'object-fit' : 'object-position';
    default:
      return prefix;
  }
}

/** What a later class of a kind also overrides: p-4 after px-2 sets both sides. */
const overrides: Record<string, string[] | undefined> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
  px: ['pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml'],
  mx: ['mr', 'ml'],
  my: ['mt', 'mb'],
  inset: ['inset-x', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  size: ['w', 'h'],
  gap: ['gap-x', 'gap-y'],
  flex: ['grow', 'shrink'],
  overflow: ['overflow-x', 'overflow-y'],
  // line-clamp sets its own display and overflow
  'line-clamp': ['display', 'overflow'],
  'font-size': ['leading'],
  rounded: ['rounded-t', 'rounded-r', 'rounded-b', 'rounded-l'],
  'border-w': ['border-w-t', 'border-w-r', 'border-w-b', 'border-w-l', 'border-w-x', 'border-w-y'],
  'border-color': ['border-color-t', 'border-color-r', 'border-color-b', 'border-color-l'],
};

export function mergeClasses(classes: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  for (const token of classes.split(/\s+/).filter(Boolean).reverse()) {
    // 'md:hover:-mt-2' → variants 'md:hover:', utility 'mt-2'; colons inside brackets belong to the class
    const [, variants, important, utility] = /^((?:(?:[^:[]|\[[^\]]*\])*:)*)(!?)-?(.*)$/.exec(token)!;
    const kind = kindOf(utility);
    const key = variants + important;
    if (kind !== undefined) {
      if (taken.has(key + kind)) continue;
      for (const claimed of [kind, ...(overrides[kind] ?? [])]) taken.add(key + claimed);
    }
    kept.push(token);
  }
  return kept.reverse().join(' ');
}

export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs));
}
