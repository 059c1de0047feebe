import { useCallback, useState } from 'react';

/**
 * Whether a picture failed, for components that show a placeholder instead: no address, the
 * image's `error` event, or, for a server-rendered page, a picture that had already failed before
 * the app hydrated (nobody was listening for `error` then; a picture the browser has finished with
 * that has no width is a broken one). Failure is kept per address, so a new address is tried again.
 */
export function usePictureFailure(src: string | null | undefined) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src;
  const onError = useCallback(() => {
    if (src) setFailedSrc(src);
  }, [src]);
  const ref = useCallback(
    (image: HTMLImageElement | null) => {
      if (src && image?.complete && image.naturalWidth === 0) setFailedSrc(src);
    },
    [src],
  );
  return { failed, pictureProps: { ref, onError } };
}
