import { saveFile } from '../../lib/save-file.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * Downloads the catalogue as CSV (docs/decisions.md §8.3): the file the server
 * writes, in the owner's language's convention, saved under its name.
 */
export function useExportCatalogue() {
  const utils = trpc.useUtils();
  return async (supplierId?: number) => {
    const file = await utils.catalogue.export.fetch(supplierId === undefined ? {} : { supplierId }, { staleTime: 0 });
    saveFile(file);
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
