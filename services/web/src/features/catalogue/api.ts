import { trpc } from '../../app/trpc.ts';

/**
 * Downloads the catalogue as CSV (docs/decisions.md §8.3): the file the server
 * writes, in the owner's language's convention, saved under its name.
 */
export function useExportCatalogue() {
  const utils = trpc.useUtils();
  return async (supplierId?: number) => {
    const file = await utils.catalogue.export.fetch(supplierId === undefined ? {} : { supplierId }, { staleTime: 0 });
    const url = URL.createObjectURL(new Blob([file.content], { type: 'text/csv;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: file.filename });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
}

/** Previews (apply: false) or imports a catalogue CSV; an import makes every supplier, order and product list stale. */
export function useImportCatalogue() {
  const utils = trpc.useUtils();
  return trpc.catalogue.import.useMutation({
    async onSuccess(result) {
      if (result.applied) await Promise.all([utils.suppliers.invalidate(), utils.orders.invalidate(), utils.products.invalidate()]);
    },
  });
}
