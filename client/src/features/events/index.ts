// Events (docs/product.md §Events): an event's page, which the /:username route shows when no one
// has the name, and the post page's event tags. The admins' page is loaded by the route table.
export { EventPage } from './EventPage';
export { PostEvents } from './PostEvents';
