import { PRODUCT_NAME } from '@domain/constants';

export { PRODUCT_NAME };

/** docs/product.md §Shell: the page title is suffixed with the product name. */
export function documentTitle(title: string): string {
  return `${title} | ${PRODUCT_NAME}`;
}
