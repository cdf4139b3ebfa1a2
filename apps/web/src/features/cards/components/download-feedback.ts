import { toast } from 'react-toastify';
import { errorMessage } from '@/lib/api';

/**
 * Runs a QR download with feedback: `success` toast when it worked; on failure the detailed
 * '{prefix}: {reason}' goes to the console and `failure` is toasted.
 * @returns true when the file was saved.
 */
export async function withDownloadToasts(run: () => Promise<unknown>, texts: { success: string; failure: string; logPrefix: string }): Promise<boolean> {
  try {
    await run();
    toast.success(texts.success);
    return true;
  } catch (error) {
    console.error(`${texts.logPrefix}: ${errorMessage(error, error instanceof Error ? error.message : String(error))}`);
    toast.error(texts.failure);
    return false;
  }
}
