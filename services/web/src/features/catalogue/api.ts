import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveFile } from '../../lib/save-file.ts';
import { trpc } from '../../lib/trpc.ts';

/**
 * Downloads the catalogue as CSV (docs/decisions.md §8.3): the file the server
 * writes, in the owner's language's convention, saved under its name.
 */
export function useExportCatalogue() {
  const queryClient = useQueryClient();
  return async (supplierId?: number) => {
    const file = await queryClient.fetchQuery(
      trpc.catalogue.export.queryOptions(supplierId === undefined ? {} : { supplierId }, { staleTime: 0 }),
    );
    saveFile(file);
  };
}

/** Previews (apply: false) or imports a catalogue CSV; an import makes every supplier, order and product list stale. */
export function useImportCatalogue() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.catalogue.import.mutationOptions({
      async onSuccess(result) {
        if (result.applied)
          await Promise.all([
            queryClient.invalidateQueries(trpc.suppliers.pathFilter()),
            queryClient.invalidateQueries(trpc.orders.pathFilter()),
            queryClient.invalidateQueries(trpc.products.pathFilter()),
          ]);
      },
    }),
  );
}
