import { CombinedGraphQLErrors } from '@apollo/client';
import { lazy, useId, useState, type FormEvent } from 'react';
import { Part } from '@ui/Part';
import * as MESSAGES from '@domain/messages';
import { BIO_MAX, validateBio, validateWebsite, websiteAsTyped } from '@domain/profile-settings';
import { usernameProblem } from '@domain/usernames';
import type { SettingsViewerQuery, UpdateSettingsInput, UserType } from '@gql/graphql';
import { useToast } from '@ui/toastContext';
import { useMutationLoadedOnUse } from '@shell/useMutationLoadedOnUse';
import { LocationField, type ChosenLocation } from './LocationField';
import { loadSettingsUpdate } from '../loadMutationDocument';

// Only someone finishing sign-up sees the terms checkbox: everyone else's /settings does not load
// its label (the 150 KB first load of docs/product.md §Performance, which /settings is closest to).
const TermsAgreementLabel = lazy(() => import('@ui/TermsAgreementLabel').then((loaded) => ({ default: loaded.TermsAgreementLabel })));

type SettingsViewer = NonNullable<SettingsViewerQuery['viewer']>;
type Field = 'username' | 'name' | 'bio' | 'website' | 'location' | 'terms';

const USER_TYPES: ReadonlyArray<{ value: UserType; label: string }> = [
  { value: 'CREATOR', label: 'Creator' },
  { value: 'COMPANY', label: 'Company' },
];

/** The field a server refusal names (`extensions.details.field`), so its words show under that field. */
function refusalOf(error: unknown): { field: Field | null; message: string } {
  if (!CombinedGraphQLErrors.is(error) || !error.errors[0]) return { field: null, message: MESSAGES.somethingWentWrong };
  const first = error.errors[0];
  const details = first.extensions?.details as { field?: unknown } | undefined;
  const named = typeof details?.field === 'string' ? details.field : null;
  const field: Field | null = named === 'locationName' || named === 'locationGeohash' ? 'location' : (['username', 'name', 'bio', 'website'] as const).find((known) => known === named) ?? null;
  return { field, message: first.message };
}

/** The live check of the website, on the address the server will keep (a bare "mysite.com" is taken as https). */
function websiteProblem(website: string): string | null {
  const kept = websiteAsTyped(website);
  return kept === null ? null : validateWebsite(kept);
}

/**
 * The profile part of /settings: username, name, creator or company, bio, website and place,
 * saved together. While sign-up is unfinished (no username, terms not acknowledged: docs/product.md
 * §Access) it also asks for the terms, and saving finishes sign-up.
 */
export function ProfileForm({ viewer }: { viewer: SettingsViewer }) {
  const toast = useToast();
  const termsId = useId();
  const [username, setUsername] = useState(viewer.username ?? '');
  const [name, setName] = useState(viewer.name ?? '');
  const [userType, setUserType] = useState<UserType>(viewer.userType ?? 'CREATOR');
  const [bio, setBio] = useState(viewer.bio ?? '');
  const [website, setWebsite] = useState(viewer.website ?? '');
  const [location, setLocation] = useState<ChosenLocation | null>(viewer.locationName && viewer.locationGeohash ? { name: viewer.locationName, geohash: viewer.locationGeohash } : null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<{ field: Field | null; message: string } | null>(null);
  const [save, saving] = useMutationLoadedOnUse(loadSettingsUpdate);
  const finishingSignUp = !viewer.termsAcknowledged;

  const local: Partial<Record<Field, string | null>> = {
    username: username.trim() === '' && !submitted ? null : usernameProblem(username),
    bio: validateBio(bio),
    website: websiteProblem(website),
    terms: finishingSignUp && submitted && !acknowledged ? 'Please accept the Terms of Service to finish signing up.' : null,
  };
  const problemOf = (field: Field) => local[field] ?? (refusal?.field === field ? refusal.message : null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setRefusal(null);
    if (usernameProblem(username) || validateBio(bio) || websiteProblem(website) || (finishingSignUp && !acknowledged)) return;
    const input: UpdateSettingsInput = {
      username: username.trim(),
      userType,
      bio,
      website,
      location,
      ...(name.trim() !== '' || viewer.name !== null ? { name } : {}),
      ...(finishingSignUp ? { acknowledgeTerms: true } : {}),
    };
    try {
      await save({ variables: { input } });
      toast.success(finishingSignUp ? 'Welcome! Your sign-up is finished.' : 'Your settings were saved.');
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  }

  const fieldError = (field: Field, id: string) => {
    const problem = problemOf(field);
    return problem ? (
      <p id={id} className="settings-form__problem" role="alert">
        {problem}
      </p>
    ) : null;
  };

  return (
    <form className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={saving.loading} aria-label="Profile">
      <div className="settings-form__field">
        <label htmlFor="settings-username">Username</label>
        <input
          id="settings-username"
          className="text-input"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          aria-invalid={problemOf('username') ? true : undefined}
          onChange={(event) => setUsername(event.target.value)}
        />
        <p className="settings-form__hint">Your profile lives at /{username.trim() || 'username'}.</p>
        {fieldError('username', 'settings-username-error')}
      </div>

      <div className="settings-form__field">
        <label htmlFor="settings-name">Name</label>
        <input id="settings-name" className="text-input" name="name" autoComplete="name" value={name} aria-invalid={problemOf('name') ? true : undefined} onChange={(event) => setName(event.target.value)} />
        {fieldError('name', 'settings-name-error')}
      </div>

      <fieldset className="settings-form__choices">
        <legend>I am a</legend>
        {USER_TYPES.map((type) => (
          <label key={type.value} className="settings-form__choice">
            <input type="radio" name="userType" value={type.value} checked={userType === type.value} onChange={() => setUserType(type.value)} />
            {type.label}
          </label>
        ))}
      </fieldset>

      <div className="settings-form__field">
        <label htmlFor="settings-bio">Bio</label>
        <textarea id="settings-bio" className="text-input settings-form__bio" name="bio" rows={4} value={bio} aria-invalid={problemOf('bio') ? true : undefined} onChange={(event) => setBio(event.target.value)} />
        <p className="settings-form__hint">
          {Array.from(bio).length} / {BIO_MAX}
        </p>
        {fieldError('bio', 'settings-bio-error')}
      </div>

      <div className="settings-form__field">
        <label htmlFor="settings-website">Website</label>
        <input
          id="settings-website"
          className="text-input"
          name="website"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          value={website}
          aria-invalid={problemOf('website') ? true : undefined}
          onChange={(event) => setWebsite(event.target.value)}
        />
        {fieldError('website', 'settings-website-error')}
      </div>

      <LocationField value={location} onChange={setLocation} error={refusal?.field === 'location' ? refusal.message : null} />

      {finishingSignUp && (
        <div className="settings-form__check">
          <input id={termsId} type="checkbox" checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)} />
          <Part fallback={null}>
            <TermsAgreementLabel htmlFor={termsId} />
          </Part>
          {fieldError('terms', 'settings-terms-error')}
        </div>
      )}

      {refusal && refusal.field === null && (
        <p className="settings-form__problem" role="alert">
          {refusal.message}
        </p>
      )}

      <button type="submit" className="button button--primary settings-form__submit" disabled={saving.loading}>
        {saving.loading ? 'Saving…' : finishingSignUp ? 'Finish signing up' : 'Save'}
      </button>
    </form>
  );
}
