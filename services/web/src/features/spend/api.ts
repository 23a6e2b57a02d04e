import type { TSpendInput } from '@reorder/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { saveFile } from '../../lib/save-file.ts';
import { trpc } from '../../lib/trpc.ts';

/** What was spent in a range (docs/decisions.md §8.4): the server's grouping of what was sent. */
export function useSpend(input: TSpendInput) {
  return useQuery(trpc.spend.get.queryOptions(input, { staleTime: 60_000 }));
}

/** Downloads the accountant's CSV of the lines sent in a range, under the server's file name. */
export function useDownloadSentLines() {
  const queryClient = useQueryClient();
  return async (range: { from: string; to: string }) => {
    const file = await queryClient.fetchQuery(trpc.spend.sentOrdersCsv.queryOptions(range, { staleTime: 0 }));
    saveFile(file);
  };
}
