import type { PosterPaper } from '@loyalty/contract';
import { useMutation } from '@tanstack/react-query';
import { answerFile, client } from '@/api/client';
import { saveBlob } from '@/lib/save-blob';

/** What {@link downloadJoinPoster} needs: the store's id and the paper. */
export interface JoinPosterVariables {
  storeId: string;
  paper: PosterPaper;
}

/**
 * Downloads a store's printable 'Join our rewards' poster (docs/product.md 'Online sign-up'):
 * GET /api/t/{slug}/stores/{storeId}/poster?paper=a4|letter → a one-page PDF whose QR opens
 * `/{slug}/join?store={storeId}`, saved under the server's name
 * (`join-poster-{store}-{paper}.pdf`), else `join-poster-{paper}.pdf`.
 * @returns the saved file name.
 * @throws {ApiError} 404 'Store not found'; 422 'Self-enrolment is off for this store. Turn it
 *   on to print its poster.' (off or inactive); 403 not a tenant admin. Show the server's message.
 */
async function downloadJoinPoster(slug: string, { storeId, paper }: JoinPosterVariables): Promise<string> {
  const { blob, filename } = await answerFile(
    client.GET('/api/t/{slug}/stores/{storeId}/poster', { params: { path: { slug, storeId }, query: { paper } }, parseAs: 'blob' }),
  );
  const name = filename ?? `join-poster-${paper}.pdf`;
  saveBlob(blob, name);
  return name;
}

/**
 * The Stores page's 'Join poster' download: a mutation around {@link downloadJoinPoster}
 * (`isPending` while the PDF is fetched; `variables.storeId` says which store's). Nothing is
 * cached or invalidated; toasts are the caller's.
 */
export function useDownloadJoinPoster(slug: string) {
  return useMutation({ mutationFn: (vars: JoinPosterVariables) => downloadJoinPoster(slug, vars) });
}
