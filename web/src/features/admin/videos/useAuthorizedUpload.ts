import { useCallback } from 'react';
import { useRestoreSessionMutation } from '../../../api/index.ts';
import { useAppDispatch } from '../../../app/hooks.ts';
import type { AppDispatch, RootState } from '../../../app/store.ts';
import { uploadWithProgress, type UploadOutcome, type UploadRequest } from './uploadWithProgress.ts';

/** The access token as it is now (after a refresh, not as it was when the component last rendered). */
const currentToken = (dispatch: AppDispatch): string | null =>
  dispatch((_: AppDispatch, getState: () => RootState) => getState().session.accessToken);

/**
 * uploadWithProgress with the session's token; on a 401 (the access token
 * expired during a long upload session) it refreshes the session once, as the
 * API client does, and sends the file again.
 */
export function useAuthorizedUpload(): (request: Omit<UploadRequest, 'accessToken'>) => Promise<UploadOutcome> {
  const dispatch = useAppDispatch();
  const [restoreSession] = useRestoreSessionMutation();
  return useCallback(
    async (request) => {
      const first = await uploadWithProgress({ ...request, accessToken: currentToken(dispatch) });
      if (first.status !== 401) return first;
      const restored = await restoreSession()
        .unwrap()
        .catch(() => false);
      if (!restored) return first;
      request.onProgress(0);
      return uploadWithProgress({ ...request, accessToken: currentToken(dispatch) });
    },
    [dispatch, restoreSession],
  );
}
