import { useState } from 'react';
import { Section, SectionHeader } from '@/components/layout/section';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMerchandise } from '@/lib/api/get-merchandise';
import { filterMerchandise, type MerchandiseTab } from '../utils/filter-merchandise';
import { MerchandiseCard } from './merchandise-card';

const tabs: { value: MerchandiseTab; label: string; empty: string }[] = [
  { value: 'all', label: 'All Items', empty: 'No merchandise available at the moment.' },
  { value: 'tshirt', label: 'T-Shirts', empty: 'No t-shirts available at the moment.' },
  { value: 'hat', label: 'Hats', empty: 'No hats available at the moment.' },
];

const SKELETON_CARDS = 3;
const gridClass = 'grid gap-8 sm:grid-cols-2 lg:grid-cols-3';

function MerchandiseSkeletons() {
  return (
    <div className={gridClass} aria-busy="true">
      <p role="status" className="sr-only">
        Loading merchandise…
      </p>
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <Card key={i} className="overflow-hidden">
          <Skeleton className="aspect-square w-full rounded-none" />
          <CardContent className="space-y-3 pt-6">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-8 w-1/3" />
          </CardContent>
          <CardFooter>
            <Skeleton className="h-10 w-full" />
          </CardFooter>
        </Card>
      ))}
    </div>
  );
}

/** `timeZone` is the venue's, in which the cards date the opening of sales. */
export function MerchandiseSection({ timeZone }: { timeZone?: string }) {
  const { data: items, isPending, isError } = useMerchandise();
  const [tab, setTab] = useState<MerchandiseTab>('all');

  return (
    <Section id="merchandise">
      <SectionHeader
        id="merchandise"
        eyebrow="Merchandise"
        title="Conference Merchandise"
        subtitle="Pre-order now and pick it up at the conference."
      />
      <Tabs
        value={tab}
        onValueChange={(value) => setTab(value as MerchandiseTab)}
        className="flex flex-col items-center"
      >
        <TabsList aria-label="Merchandise categories">
          {tabs.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ value, empty }) => (
          <TabsContent key={value} value={value} className="w-full">
            {isPending ? (
              <MerchandiseSkeletons />
            ) : isError ? (
              <p className="text-center text-destructive">Error loading merchandise. Please try again later.</p>
            ) : (
              <ItemGrid items={filterMerchandise(items, value)} empty={empty} timeZone={timeZone} />
            )}
          </TabsContent>
        ))}
      </Tabs>
    </Section>
  );
}

function ItemGrid({
  items,
  empty,
  timeZone,
}: {
  items: ReturnType<typeof filterMerchandise>;
  empty: string;
  timeZone: string | undefined;
}) {
  if (items.length === 0) return <p className="text-center text-lg text-muted-foreground">{empty}</p>;
  return (
    <ul className={gridClass}>
      {items.map((item) => (
        <li key={item.id}>
          <MerchandiseCard item={item} timeZone={timeZone} />
        </li>
      ))}
    </ul>
  );
}
