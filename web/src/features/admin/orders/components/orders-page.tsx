import { useId, type FormEvent } from 'react';
import { useSearchParams } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useOrders, type OrderFilters } from '../api/orders';
import { orderKinds, orderStatuses } from '@/features/admin/shared/api/schemas';
import { kindLabels, statusLabels } from '@/features/admin/shared/components/format';
import { OrderTable } from '@/features/admin/shared/components/order-table';
import { Pagination } from '@/features/admin/shared/components/pagination';
import { Loading, Screen } from '@/features/admin/shared/components/screen';

/** The filters live in the address, so a search can be bookmarked and Back works. */
function useFilters(): [OrderFilters, (next: Partial<OrderFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters: OrderFilters = {
    q: params.get('q') ?? '',
    kind: params.get('kind') ?? '',
    status: params.get('status') ?? '',
    item: params.get('item') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const update = (next: Partial<OrderFilters>) => {
    const merged = { ...filters, page: 1, ...next };
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) {
      if (value && !(key === 'page' && value === 1)) query.set(key, String(value));
    }
    setParams(query);
  };
  return [filters, update];
}

export function OrdersPage() {
  const [filters, update] = useFilters();
  const orders = useOrders(filters);
  const id = useId();

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    update({
      q: String(form.get('q') ?? '').trim(),
      kind: String(form.get('kind') ?? ''),
      status: String(form.get('status') ?? ''),
      item: String(form.get('item') ?? ''),
    });
  }

  return (
    <Screen
      title="Orders"
      description="Every ticket, merchandise and sponsorship order. Open one to refund or add a note."
    >
      <form
        role="search"
        aria-label="Find orders"
        className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1.5fr_auto]"
        onSubmit={search}
        key={JSON.stringify(filters)}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-q`}>Name, email, reference or pickup code</Label>
          <Input id={`${id}-q`} name="q" type="search" defaultValue={filters.q} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-kind`}>Kind</Label>
          <NativeSelect id={`${id}-kind`} name="kind" defaultValue={filters.kind}>
            <option value="">All kinds</option>
            {orderKinds.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabels[kind]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect id={`${id}-status`} name="status" defaultValue={filters.status}>
            <option value="">All statuses</option>
            {orderStatuses.map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-item`}>Item</Label>
          {/* Remounted once the catalogue arrives, so the chosen item is selected; only this
              field, so what the organizer is typing in the others survives the load. */}
          <NativeSelect
            key={orders.data ? 'loaded' : 'loading'}
            id={`${id}-item`}
            name="item"
            defaultValue={filters.item}
          >
            <option value="">All items</option>
            {orders.data?.catalogue.map((item) => (
              <option key={item.sku} value={item.sku}>
                {item.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex items-end">
          <Button type="submit" className="w-full">
            Search
          </Button>
        </div>
      </form>

      {orders.data ? (
        <div className="space-y-4">
          <OrderTable orders={orders.data.items} caption="Orders matching the search" />
          <Pagination
            page={orders.data.page}
            pageSize={orders.data.pageSize}
            total={orders.data.total}
            noun="orders"
            onPage={(page) => update({ ...filters, page })}
          />
        </div>
      ) : (
        <Loading error={orders.error} />
      )}
    </Screen>
  );
}
