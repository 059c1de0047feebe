function initials(name: string | null): string {
  const letters = (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** A person's picture, or their initials when there is none. Decorative: the link or row beside it carries the name. */
export function Avatar({ name, avatarUrl }: { name: string | null; avatarUrl: string | null }) {
  return avatarUrl ? (
    <img className="avatar" src={avatarUrl} alt="" width={32} height={32} />
  ) : (
    <span className="avatar avatar--initials" aria-hidden="true">
      {initials(name)}
    </span>
  );
}
