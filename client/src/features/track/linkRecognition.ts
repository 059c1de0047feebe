import type { RecognizedProfile } from '@domain/profile-url-recognition';

type RecognizeProfileUrl = (url: string) => RecognizedProfile | null;

let recognizer: RecognizeProfileUrl | null = null;
let loading: Promise<RecognizeProfileUrl> | null = null;

/**
 * The networks' profile-link tables (docs/product.md §Search: a pasted profile link is searched as
 * its handle) load with the box's first focus or input, not with the shell every page carries (the
 * first-load budget of docs/product.md §Performance). Loaded once; later calls share the same
 * promise.
 */
export function loadProfileRecognition(): Promise<RecognizeProfileUrl> {
  loading ??= import('@domain/profile-url-recognition').then((module) => {
    recognizer = module.recognizeProfileUrl;
    return recognizer;
  });
  return loading;
}

/** The recognizer if it has arrived, so a link typed after that is classified at once. */
export function loadedProfileRecognition(): RecognizeProfileUrl | null {
  return recognizer;
}
