/**
 * Credits suggested from a post's caption (docs/product.md §Credits). Creators already credit each
 * other in captions ("📸 @name", "Dir: @a | DP: @b", "Shot & edited by @c", "Música: @d"); a handle
 * written right after such a marker becomes a suggestion with the role filled in, for someone who
 * may credit on the post to confirm with one click. Bare mentions ("thanks @friend") are never
 * suggestions: only a marker says what someone did.
 */
import { NetworkId } from './networks.js';

export interface CaptionCreditSuggestion {
  /** The handle on the post's network, without the @, as written in the caption. */
  readonly handle: string;
  /** A role id of `CREDIT_ROLES` (domain/credit-roles.ts). */
  readonly roleId: number;
  /** The piece of caption it was read from, e.g. "📸: @name", for showing where it came from. */
  readonly matchedText: string;
}

/** Who is already credited on the post, by handle on its network (case ignored), per role. */
export interface CreditedHandle {
  readonly handle: string;
  readonly roleId: number;
}

export interface CaptionContext {
  readonly networkId: number;
  /** The posting account's handle: "shot by me" means it (the account marking itself). */
  readonly postingHandle?: string | null;
  /** A picture rather than a video, story or text: "shot by" then means photographed, not filmed. */
  readonly isStill?: boolean;
  readonly alreadyCredited?: readonly CreditedHandle[];
}

/** A caption can name dozens of people; the post page shows a handful of chips. */
export const MAX_CAPTION_SUGGESTIONS = 10;

const Role = {
  Director: 1,
  Photographer: 2,
  Editor: 3,
  Producer: 4,
  Cinematographer: 5,
  CreativeDirector: 6,
  ArtDirector: 7,
  Writer: 8,
  Talent: 9,
  Stylist: 10,
  MakeupArtist: 11,
  Animator: 12,
  SoundDesigner: 13,
  Composer: 14,
  Colorist: 15,
  Brand: 17,
} as const;

/** "shot by": a photographer on a picture, whoever filmed it on a video. */
type RoleChoice = number | { readonly still: number; readonly moving: number };

interface MarkerRule {
  readonly role: RoleChoice;
  /** Regular-expression sources, matched case-insensitively; words only at word boundaries. */
  readonly words?: readonly string[];
  readonly emoji?: readonly string[];
}

/**
 * Markers in English, Spanish, Portuguese, French, Italian, German and Japanese, and the
 * emoji creators use (those of the roles table plus common variants). Longer markers win over
 * the shorter ones inside them ("creative director" over "director", "art direction" over
 * "direction").
 */
const MARKER_RULES: readonly MarkerRule[] = [
  {
    role: Role.Photographer,
    words: [
      'photo(?:s|graphy|graphed|grapher)?', 'pic(?:s|ture)?', 'ph', 'phot', 'foto(?:s|grafía|grafia|grafo|grafa|grafiert|graf|grafin)?',
      'fotógraf[oa]', 'photographi(?:e|é)', 'photographe', 'captured', 'clicked', 'scatto', 'scatti', '撮影', '写真', 'フォト',
    ],
    emoji: ['📸', '📷'],
  },
  { role: { still: Role.Photographer, moving: Role.Cinematographer }, words: ['shot', 'shooting'] },
  {
    role: Role.Cinematographer,
    words: [
      'cinematograph(?:y|er)', 'd\\.?o\\.?p\\.?', 'dp', 'filmed', 'film', 'videograph(?:y|er)', 'video', 'vídeo', 'camera', 'cam', 'kamera',
      'cinematograf[ií]a', 'dirección de fotografía', 'direção de fotografia', 'direttore della fotografia', 'chef op(?:é|e)rateur', 'image', 'bildgestaltung', 'gravado', 'grabado', 'filmado', 'filmé', 'ripresa', 'riprese',
    ],
    emoji: ['🎥', '📹'],
  },
  {
    role: Role.Director,
    words: [
      'dir\\.?', 'directed', 'director', 'direction', 'dirigido', 'dirigida', 'dirección', 'direção', 'diretor', 'diretora', 'directora', 'réalisation', 'réalisé',
      'réalisateur', 'réalisatrice', 'regia', 'regista', 'regie', 'regisseur', 'regisseurin', '監督',
    ],
    emoji: ['🎬'],
  },
  {
    role: Role.Editor,
    words: [
      'edit(?:s|ed|or|ing)?', 'cut', 'cuts', 'edición', 'editado', 'editada', 'edição', 'editor[a]?', 'montage', 'monté', 'montaggio', 'montato', 'schnitt', 'geschnitten',
      'retouch(?:ed|ing)?', 'retoque', 'retouche', '編集',
    ],
    emoji: ['✂\\uFE0F?'],
  },
  { role: Role.Producer, words: ['prod\\.?', 'produced', 'producer', 'production', 'producción', 'producido', 'produção', 'produzido', 'produit', 'production', 'produzione', 'prodotto', 'produktion', 'produziert', 'プロデュース'], emoji: ['\\u{1F39E}\\uFE0F?'] },
  { role: Role.CreativeDirector, words: ['creative director', 'creative direction', 'cd', 'dirección creativa', 'direção criativa', 'direction créative', 'direzione creativa', 'creative lead'], emoji: ['💡'] },
  { role: Role.ArtDirector, words: ['art director', 'art direction', 'dirección de arte', 'direção de arte', 'direction artistique', 'direzione artistica', 'set design', 'production design'], emoji: ['🎨'] },
  { role: Role.Writer, words: ['written', 'writer', 'words', 'copy', 'script', 'escrito', 'guion', 'guión', 'roteiro', 'texte', 'écrit', 'testo', 'scritto', 'text', 'drehbuch'], emoji: ['\\u270D\\uFE0F?', '📝'] },
  { role: Role.Talent, words: ['model', 'modelo', 'modèle', 'modella', 'talent', 'starring', 'feat\\.?', 'ft\\.?', 'featuring', 'cast', 'dancer', 'modell'], emoji: ['⭐', '🌟'] },
  { role: Role.Stylist, words: ['styl(?:ed|ing|ist)', 'wardrobe', 'estilismo', 'estilista', 'stylisme', 'styliste', 'styling', '스타일링', 'スタイリング', 'vestuario', 'figurino'], emoji: ['👗'] },
  {
    role: Role.MakeupArtist,
    words: ['mua', 'make-?up', 'hmua', 'hair (?:&|and) make-?up', 'glam', 'maquillaje', 'maquiagem', 'maquillage', 'trucco', 'visagist(?:in)?', 'ヘアメイク', 'メイク'],
    emoji: ['💄'],
  },
  { role: Role.Animator, words: ['animat(?:ion|ed|or)', 'motion(?: design)?', 'animación', 'animação', 'animazione', 'vfx', '3d'], emoji: ['🧩'] },
  { role: Role.SoundDesigner, words: ['sound(?: design(?:er)?)?', 'sfx', 'mix', 'diseño sonoro', 'sonido', 'suono', 'sounddesign', 'tonmischung'], emoji: ['🎧', '🔊'] },
  { role: Role.Composer, words: ['music', 'song', 'score', 'composer', 'composed', 'track', 'música', 'musica', 'musique', 'musik', 'canción', 'audio', '音楽'], emoji: ['🎵', '🎶', '🎼'] },
  { role: Role.Colorist, words: ['colou?r(?: grad(?:e|ed|ing))?', 'colou?rist', 'grad(?:e|ed|ing)', 'etalonnage', 'étalonnage', 'colorización', 'color grading', 'colorazione'], emoji: ['🌈'] },
  { role: Role.Brand, words: ['client', 'cliente', 'brand', 'marca', 'marque', 'marke', 'in collaboration with', 'in partnership with', 'presented by', 'sponsored by'], emoji: ['\\u{1F3F7}\\uFE0F?'] },
];

/*
 * How it reads a caption, in linear time whatever the caption (captions come from other
 * networks, so nothing here may backtrack badly): find each mention, then read the few words
 * just before it, from the end backwards, for connectors ("by", ":") and markers ("Shot & edited").
 * Marker words are matched on a lower-cased copy: case-insensitive regular expressions over
 * Unicode letter classes are slow to build.
 */

/** How far before a mention its markers may start; credit lines are short. */
const LOOK_BACK = 80;
const NOT_AFTER_LETTER = '(?<![\\p{L}\\p{N}_@])';

/** The text between a marker and the handle, at the end of the text before it: "by", "de", ":", "-", "·"… */
const TRAILING_CONNECTORS = new RegExp(`(?:[^\\S\\n]|[:：\\-–—·|=>→~]|${NOT_AFTER_LETTER}(?:by|por|pelo|pela|par|von|de|del|da|di|du|door|av))+$`, 'u');
/** Between two markers sharing one handle: "Shot & edited by", "photo/edit:", "dir + dp", "📸📹". */
const TRAILING_MARKER_JOINER = new RegExp(`[^\\S\\n]*(?:&|\\+|/|,|${NOT_AFTER_LETTER}(?:and|y|e|et|und))?[^\\S\\n]*$`, 'u');
/** Between two handles after one marker: "📸 @a & @b", "music: @a, @b". */
const HANDLE_JOINER = /^[^\S\n]*(?:,|&|\+|\/|×|(?:and|y|e|et|und|x)(?![\p{L}\p{N}]))?[^\S\n]*$/u;
/** The posting account naming itself ("shot by me"), in any case. */
const SELF_WORDS = '[Mm][Ee]|[Mm][Yy][Ss][Ee][Ll][Ff]|[Mm][Oo][Ii]|[Yy][Oo]';

/** What each network allows in a handle (its own sign-up rules), and the length range. */
const HANDLE_RULES: Readonly<Record<number, { chars: string; min: number; max: number }>> = {
  [NetworkId.Twitter]: { chars: 'A-Za-z0-9_', min: 1, max: 15 },
  [NetworkId.Instagram]: { chars: 'A-Za-z0-9._', min: 1, max: 30 },
  [NetworkId.Facebook]: { chars: 'A-Za-z0-9.', min: 5, max: 50 },
  [NetworkId.YouTube]: { chars: 'A-Za-z0-9._\\-', min: 3, max: 30 },
  [NetworkId.TikTok]: { chars: 'A-Za-z0-9._', min: 2, max: 24 },
  [NetworkId.Behance]: { chars: 'A-Za-z0-9_\\-', min: 3, max: 20 },
  [NetworkId.LinkedIn]: { chars: 'A-Za-z0-9\\-', min: 3, max: 100 },
  [NetworkId.Twitch]: { chars: 'A-Za-z0-9_', min: 4, max: 25 },
  [NetworkId.Threads]: { chars: 'A-Za-z0-9._', min: 1, max: 30 },
  [NetworkId.Snapchat]: { chars: 'A-Za-z0-9._\\-', min: 3, max: 15 },
};

/** Each rule's markers as one pattern that must end the text it is tried on. */
const TRAILING_MARKERS = MARKER_RULES.map((rule) => {
  const words = (rule.words ?? []).map((word) => `${NOT_AFTER_LETTER}(?:${word.replace(/ /g, '[^\\S\\n]+')})`);
  return { rule, pattern: new RegExp(`(?:${[...words, ...(rule.emoji ?? [])].join('|')})$`, 'u') };
});

/** Mentions on a network: @handle (by its characters), or the account's own "me". */
const mentionPatterns = new Map<number, RegExp>();

function mentionPattern(networkId: number): RegExp | null {
  const rule = HANDLE_RULES[networkId];
  if (!rule) return null; // a personal website has no handles
  let pattern = mentionPatterns.get(networkId);
  if (!pattern) {
    pattern = new RegExp(`${NOT_AFTER_LETTER}(?:@[${rule.chars}]+|(?:${SELF_WORDS})(?![\\p{L}\\p{N}]))`, 'gu');
    mentionPatterns.set(networkId, pattern);
  }
  return pattern;
}

function roleOf(rule: MarkerRule, isStill: boolean): number {
  return typeof rule.role === 'number' ? rule.role : isStill ? rule.role.still : rule.role.moving;
}

/** The longest marker ending `text` (lower case): "creative director" over "director". */
function trailingMarker(text: string, isStill: boolean): { role: number; start: number } | null {
  let best: { role: number; start: number } | null = null;
  for (const { rule, pattern } of TRAILING_MARKERS) {
    const match = pattern.exec(text);
    if (match && (!best || match.index < best.start)) best = { role: roleOf(rule, isStill), start: match.index };
  }
  return best;
}

/**
 * The roles named right before a mention ("Shot & edited by " → Cinematographer, Editor), in
 * the caption's order, and where the first marker starts in `before`; null when no marker.
 */
function markersBefore(before: string, isStill: boolean): { roles: number[]; start: number } | null {
  let text = before.toLowerCase().replace(TRAILING_CONNECTORS, '');
  const roles: number[] = [];
  let start = -1;
  for (let marker = trailingMarker(text, isStill); marker; marker = trailingMarker(text, isStill)) {
    if (!roles.includes(marker.role)) roles.unshift(marker.role);
    start = marker.start;
    text = text.slice(0, marker.start).replace(TRAILING_MARKER_JOINER, '');
  }
  // Lower-casing can change a string's length (rarely); then the whole stretch is what matched.
  const sameLength = before.toLowerCase().length === before.length;
  return roles.length ? { roles, start: sameLength ? start : 0 } : null;
}

/** The handle as the network has it: a sentence's full stop is not part of it; too short or long is not one. */
function cleanHandle(raw: string, networkId: number, postingHandle: string | null): string | null {
  if (!raw.startsWith('@')) return postingHandle; // "me", "myself"…
  const rule = HANDLE_RULES[networkId]!;
  const handle = raw.slice(1).replace(/[.-]+$/, '');
  return handle.length >= rule.min && handle.length <= rule.max ? handle : null;
}

/** A mention as read: where it ends, the roles it got, where its credit line starts. */
interface MentionRead {
  end: number;
  roles: number[];
  start: number;
}

/**
 * The credits a caption suggests, in caption order, at most `MAX_CAPTION_SUGGESTIONS`: one per
 * handle and role, none for someone already credited in that role on the post.
 */
export function suggestCreditsFromCaption(caption: string | null, context: CaptionContext): CaptionCreditSuggestion[] {
  const mentions = caption ? mentionPattern(context.networkId) : null;
  if (!caption || !mentions) return [];
  const text = caption.normalize('NFC');
  const isStill = context.isStill ?? false;
  const postingHandle = context.postingHandle?.replace(/^@/, '') || null;
  const taken = new Set((context.alreadyCredited ?? []).map((credit) => `${credit.roleId}:${credit.handle.replace(/^@/, '').toLowerCase()}`));
  const suggestions: CaptionCreditSuggestion[] = [];
  // The previous mention on the line, so "📸 @a & @b" gives @b the roles of @a.
  let previous: MentionRead | null = null;
  for (const mention of text.matchAll(mentions)) {
    const end = mention.index + mention[0].length;
    // Only the last few words on the mention's own line count (and only those after the previous mention).
    const windowStart = Math.max(0, mention.index - LOOK_BACK, previous?.end ?? 0);
    const from = windowStart + text.slice(windowStart, mention.index).lastIndexOf('\n') + 1;
    const before = text.slice(from, mention.index);
    const continuing: MentionRead | null = previous && previous.end === from && previous.roles.length > 0 && HANDLE_JOINER.test(before) ? previous : null;
    const found = continuing ? null : markersBefore(before, isStill);
    const roles: number[] = continuing?.roles ?? found?.roles ?? [];
    const start: number = continuing ? continuing.start : from + (found?.start ?? 0);
    previous = { end, roles, start };
    const handle = roles.length ? cleanHandle(mention[0], context.networkId, postingHandle) : null;
    if (!handle) continue;
    for (const roleId of roles) {
      const key = `${roleId}:${handle.toLowerCase()}`;
      if (taken.has(key)) continue;
      taken.add(key);
      suggestions.push({ handle, roleId, matchedText: text.slice(start, end).trim() });
      if (suggestions.length === MAX_CAPTION_SUGGESTIONS) return suggestions;
    }
  }
  return suggestions;
}
