import type { TSpendInput } from '@reorder/schemas';
import { saveFile } from '../../lib/save-file.ts';
import { trpc } from '../../lib/trpc.ts';

/** What was spent in a range (docs/decisions.md §8.4): the server's grouping of what was sent. */
export function useSpend(input: TSpendInput) {
  return trpc.spend.get.useQuery(input, { staleTime: 60_000 });
}

/** Downloads the accountant's CSV of the lines sent in a range, under the server's file name. */
export function useDownloadSentLines() {
  const utils = trpc.useUtils();
  return async (range: { from: string; to: string }) => {
    const file = await utils.spend.sentOrdersCsv.fetch(range, { staleTime: 0 });
    saveFile(file);
  };
}
