import { lazyWhenOpen } from '@ui/lazyWhenOpen';
import type { SignUpPromptProps } from './SignUpPrompt';

/**
 * docs/product.md §Shell: the sign-up prompt — its text, the sign-in options, the line
 * "Don't have an account? Sign Up (Free!)" and a close button. The prompt, its sign-in options and
 * the Google pop-up code load when it first opens, not with the shell every page carries (~2 KB gz).
 */
export const SignUpPromptModal = lazyWhenOpen<SignUpPromptProps>(() => import('./SignUpPrompt'));
