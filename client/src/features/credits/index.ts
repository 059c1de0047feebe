// Credits on posts (docs/product.md §Credits): the post page's panel, the Accept / Decline buttons
// other pages show for a credit, and the path that opens the add-credit dialog. The claim page
// (`CreditClaimPage`) is loaded by the route table on its own.
export { PostCredits } from './PostCredits';
export { CreditResponseButtons } from './CreditResponseButtons';
export { creditPeoplePath } from './creditLinks';
// The pieces of the add-credit dialog that the Content Manager reuses to credit someone on many posts.
export { PersonPicker } from './PersonPicker';
export { RolePicker } from './RolePicker';
export { personInput, personLabel, type ChosenPerson } from './creditPerson';
