import type { ToastVariant } from './toastQueue';

const common = {
  viewBox: '0 0 24 24',
  width: 20,
  height: 20,
  'aria-hidden': true,
  focusable: false,
} as const;

/** The icon prefix of each toast variant (docs/product.md §Shell); decorative, the text carries the meaning. */
export function VariantIcon({ variant }: { variant: ToastVariant }) {
  switch (variant) {
    case 'success':
      return (
        <svg {...common} className="icon">
          <circle cx="12" cy="12" r="10" fill="currentColor" />
          <path d="m7.5 12.5 3 3 6-6.5" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      );
    case 'error':
      return (
        <svg {...common} className="icon">
          <circle cx="12" cy="12" r="10" fill="currentColor" />
          <path d="m8.5 8.5 7 7m0-7-7 7" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      );
    case 'warning':
      return (
        <svg {...common} className="icon">
          <path d="M12 2.8 22 20.5H2z" fill="currentColor" strokeLinejoin="round" />
          <path d="M12 9.5v5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
          <circle cx="12" cy="17.6" r="1.2" fill="#fff" />
        </svg>
      );
    case 'info':
      return (
        <svg {...common} className="icon">
          <circle cx="12" cy="12" r="10" fill="currentColor" />
          <path d="M12 11v6" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
          <circle cx="12" cy="7.6" r="1.3" fill="#fff" />
        </svg>
      );
  }
}

export function CloseIcon() {
  return (
    <svg {...common} width={16} height={16} className="icon">
      <path d="m6 6 12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
