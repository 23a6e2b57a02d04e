import type { TAccountingSettings, TBill, TBillStatus, TBillsCsvInput } from '@reorder/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../lib/mutations.ts';
import { href } from '../../lib/paths.ts';
import { saveFile } from '../../lib/save-file.ts';
import { trpc } from '../../lib/trpc.ts';
import { useCan } from '../businesses/api.ts';

/** The business's bills, newest first, in one status or all (docs/decisions.md §9.6). */
export function useBills(status?: TBillStatus) {
  return useQuery(trpc.bills.list.queryOptions(status ? { status } : {}));
}

export function useBill(id: number) {
  return useQuery(trpc.bills.get.queryOptions({ id }, { enabled: Number.isInteger(id) && id > 0 }));
}

/** After a file went up (outside tRPC, a raw body): the bill is read again to show it. */
export function useBillFileAttached() {
  const queryClient = useQueryClient();
  return (billId: number) => queryClient.invalidateQueries(trpc.bills.get.queryFilter({ id: billId }));
}

/** Every bill query (the list in each status, each bill): what a change to one makes stale. */
function useBillsStale() {
  const queryClient = useQueryClient();
  return (bill: TBill) => {
    queryClient.setQueryData(trpc.bills.get.queryKey({ id: bill.id }), bill);
    return queryClient.invalidateQueries(trpc.bills.list.queryFilter());
  };
}

/** A mutation that answers a bill: it is put in the cache and the lists are read again before the screen goes on. */
function billCallbacks(stale: (bill: TBill) => Promise<void>, callbacks: MutationCallbacks<TBill>) {
  return {
    async onSuccess(bill: TBill) {
      await stale(bill);
      callbacks.onSuccess?.(bill);
    },
    onError: callbacks.onError,
  };
}

export function useCreateBill(callbacks: MutationCallbacks<TBill>) {
  return useMutation(trpc.bills.create.mutationOptions(billCallbacks(useBillsStale(), callbacks)));
}

export function useUpdateBill(callbacks: MutationCallbacks<TBill>) {
  return useMutation(trpc.bills.update.mutationOptions(billCallbacks(useBillsStale(), callbacks)));
}

export function useApproveBill(callbacks: MutationCallbacks<TBill>) {
  return useMutation(trpc.bills.approve.mutationOptions(billCallbacks(useBillsStale(), callbacks)));
}

/** The deliveries checked (closed receipts), from which a bill starts as the expected one. */
export function useCheckedDeliveries() {
  return useQuery(trpc.receipts.list.queryOptions({ status: 'done' }));
}

/**
 * Downloads the accountant's export of approved bills (docs/decisions.md
 * §9.6) under the server's file name; the bills in it become exported, so
 * the lists are read again. Answers how many bills it held: the approved
 * ones issued in the range (with `again`, the exported ones too), as the
 * server picks them; with none, nothing is asked of it and nothing is saved.
 */
export function useExportBills() {
  const queryClient = useQueryClient();
  return async (input: TBillsCsvInput) => {
    const statuses: TBillStatus[] = input.again ? ['approved', 'exported'] : ['approved'];
    const lists = await Promise.all(
      statuses.map((status) => queryClient.fetchQuery(trpc.bills.list.queryOptions({ status }, { staleTime: 0 }))),
    );
    const count = lists
      .flat()
      .filter((bill) => (!input.from || bill.issuedOn >= input.from) && (!input.to || bill.issuedOn <= input.to)).length;
    if (count === 0) return 0;
    const file = await queryClient.fetchQuery(trpc.bills.exportCsv.queryOptions(input, { staleTime: 0, gcTime: 0 }));
    saveFile(file);
    await queryClient.invalidateQueries(trpc.bills.list.queryFilter());
    await queryClient.invalidateQueries(trpc.bills.get.queryFilter());
    return count;
  };
}

/** Where a bill's screens go back to: the bills for owners and managers, the orders for staff (who have no list). */
export function useBillsBack() {
  return useCan('manager') ? href('bills') : href('orders');
}

/** What the Xero export writes of the business (docs/decisions.md §9.6): owners and managers read it. */
export function useAccountingSettings() {
  const allowed = useCan('manager');
  return useQuery(trpc.bills.settings.queryOptions(undefined, { enabled: allowed }));
}

/** The owner sets the Xero account code and tax types; the answer replaces what the screen holds. */
export function useUpdateAccountingSettings(callbacks: MutationCallbacks<TAccountingSettings>) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.bills.updateSettings.mutationOptions({
      onSuccess(settings) {
        queryClient.setQueryData(trpc.bills.settings.queryKey(), settings);
        callbacks.onSuccess?.(settings);
      },
      onError: callbacks.onError,
    }),
  );
}
