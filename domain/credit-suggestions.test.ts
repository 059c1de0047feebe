import { describe, expect, it } from 'vitest';
import { creditRoleByName } from './credit-roles.js';
import { MAX_CAPTION_SUGGESTIONS, suggestCreditsFromCaption, type CaptionContext } from './credit-suggestions.js';
import { NetworkId } from './networks.js';

/** Role ids by the names of the roles table, so a typo in a test fails loudly. */
function roleId(name: string): number {
  const role = creditRoleByName(name);
  if (!role) throw new Error(`No role named ${name}`);
  return role.id;
}

const instagram: CaptionContext = { networkId: NetworkId.Instagram, postingHandle: 'studio.north' };

/** [caption, expected "Role @handle" pairs in caption order]; Instagram video post unless the context says otherwise. */
const CAPTIONS: ReadonlyArray<readonly [string, readonly string[], CaptionContext?]> = [
  // Emoji markers
  ['Golden hour in Lisbon 📸 @ana.costa', ['Photographer @ana.costa']],
  ['📸: @ana_costa', ['Photographer @ana_costa']],
  ['📷 by @lens.man', ['Photographer @lens.man']],
  ['🎥: @reelmaker', ['Cinematographer @reelmaker']],
  ['🎬 @director.jane', ['Director @director.jane']],
  ['✂️ @cutter', ['Editor @cutter']],
  ['✂ @cutter', ['Editor @cutter']],
  ['🎞️ @prodco', ['Producer @prodco']],
  ['💄 @glambyliz', ['Makeup Artist @glambyliz']],
  ['👗 @thestylist', ['Stylist @thestylist']],
  ['🎵 @beatsbyjo', ['Composer @beatsbyjo']],
  ['🎧 @foley.sam', ['Sound Designer @foley.sam']],
  ['🌈 @gradegod', ['Colorist @gradegod']],
  ['💡 @bigidea', ['Creative Director @bigidea']],
  ['🎨 @setdesign.co', ['Art Director @setdesign.co']],
  ['✍️ @wordsmith', ['Writer @wordsmith']],
  ['⭐ @famous', ['Talent @famous']],
  ['🧩 @motionkid', ['Animator @motionkid']],
  ['🏷️ @nike', ['Brand @nike']],
  // Word markers, English
  ['Photo by @ana', ['Photographer @ana']],
  ['photography: @ana', ['Photographer @ana']],
  ['PH: @ana', ['Photographer @ana']],
  ['edit by @cutter', ['Editor @cutter']],
  ['Edited by @cutter.', ['Editor @cutter']],
  ['dir. @jane', ['Director @jane']],
  ['Directed by @jane', ['Director @jane']],
  ['Director - @jane', ['Director @jane']],
  ['DOP: @cam.op', ['Cinematographer @cam.op']],
  ['D.O.P. @cam.op', ['Cinematographer @cam.op']],
  ['shot by @filmer', ['Cinematographer @filmer']],
  ['shot by @stills', ['Photographer @stills'], { ...instagram, isStill: true }],
  ['music: @artist', ['Composer @artist']],
  ['Music by @artist - "Night Drive"', ['Composer @artist']],
  ['MUA @glam', ['Makeup Artist @glam']],
  ['Hair & makeup: @glam', ['Makeup Artist @glam']],
  ['Styled by @thestylist', ['Stylist @thestylist']],
  ['Creative direction @bigidea', ['Creative Director @bigidea']],
  ['Creative Director: @bigidea', ['Creative Director @bigidea']],
  ['Art direction: @setdesign', ['Art Director @setdesign']],
  ['Produced by @prodco', ['Producer @prodco']],
  ['Model: @face', ['Talent @face']],
  ['ft. @guest', ['Talent @guest']],
  ['Colour grade @gradegod', ['Colorist @gradegod']],
  ['Sound design: @foley', ['Sound Designer @foley']],
  ['Animation by @motionkid', ['Animator @motionkid']],
  ['Client: @nike', ['Brand @nike']],
  // Credit blocks
  ['Dir: @jane | DP: @cam.op | Edit: @cutter', ['Director @jane', 'Cinematographer @cam.op', 'Editor @cutter']],
  ['New film out now!\n🎬 @jane\n🎥 @cam.op\n✂️ @cutter\n🎵 @artist', ['Director @jane', 'Cinematographer @cam.op', 'Editor @cutter', 'Composer @artist']],
  ['Shot & edited by @onewoman', ['Cinematographer @onewoman', 'Editor @onewoman']],
  ['Photo/edit: @onewoman', ['Photographer @onewoman', 'Editor @onewoman']],
  ['📸 @ana & @ben', ['Photographer @ana', 'Photographer @ben']],
  ['Styling: @a.one, @b.two and @c.three', ['Stylist @a.one', 'Stylist @b.two', 'Stylist @c.three']],
  ['📸📹 @both', ['Photographer @both', 'Cinematographer @both']],
  // Other languages
  ['Foto: @ana', ['Photographer @ana']],
  ['Fotografía de @ana', ['Photographer @ana']],
  ['Dirigido por @jane', ['Director @jane']],
  ['Dirección de fotografía: @cam.op', ['Cinematographer @cam.op']],
  ['Edición: @cutter · Música: @artist', ['Editor @cutter', 'Composer @artist']],
  ['Maquillaje @glam', ['Makeup Artist @glam']],
  ['Réalisation : @jane', ['Director @jane']],
  ['Montage par @cutter', ['Editor @cutter']],
  ['Musique : @artist', ['Composer @artist']],
  ['Photographe @ana', ['Photographer @ana']],
  ['Regie: @jane', ['Director @jane']],
  ['Schnitt: @cutter', ['Editor @cutter']],
  ['Kamera: @cam.op', ['Cinematographer @cam.op']],
  ['Fotograf @ana', ['Photographer @ana']],
  ['Regia di @jane', ['Director @jane']],
  ['Montaggio: @cutter', ['Editor @cutter']],
  ['Direção: @jane', ['Director @jane']],
  ['Maquiagem: @glam', ['Makeup Artist @glam']],
  ['撮影: @tanaka', ['Photographer @tanaka']],
  ['監督 @tanaka', ['Director @tanaka']],
  ['編集：@suzuki', ['Editor @suzuki']],
  // The posting account names itself
  ['Shot and edited by me', ['Cinematographer @studio.north', 'Editor @studio.north']],
  ['📸 @studio.north', ['Photographer @studio.north']],
  // Not credits
  ['Thanks @friend for the ride', []],
  ['new drop from @studio.north', []],
  ['Mail hello@studio.com for bookings', []],
  ['📸 @', []],
  ['Photo\n@ana', []],
  ['my son @kid is a star', []],
  ['shot with @canon', []],
  ['photographer wanted', []],
  ['Shot by me', [], { networkId: NetworkId.Instagram }],
  ['', []],
];

function describeSuggestions(caption: string, context: CaptionContext): string[] {
  return suggestCreditsFromCaption(caption, context).map((suggestion) => {
    const role = [
      'Director', 'Photographer', 'Editor', 'Producer', 'Cinematographer', 'Creative Director', 'Art Director', 'Writer', 'Talent', 'Stylist',
      'Makeup Artist', 'Animator', 'Sound Designer', 'Composer', 'Colorist', 'Creator', 'Brand',
    ].find((name) => roleId(name) === suggestion.roleId);
    return `${role} @${suggestion.handle}`;
  });
}

describe('suggestCreditsFromCaption', () => {
  for (const [caption, expected, context = instagram] of CAPTIONS) {
    it(`${JSON.stringify(caption)} suggests ${JSON.stringify(expected)}`, () => {
      expect(describeSuggestions(caption, context)).toEqual(expected);
    });
  }

  it('says which piece of the caption each suggestion comes from', () => {
    expect(suggestCreditsFromCaption('Out now 📸: @ana_costa — thanks all', instagram)).toEqual([{ handle: 'ana_costa', roleId: roleId('Photographer'), matchedText: '📸: @ana_costa' }]);
  });

  it('reads handles by the post’s network rules', () => {
    // Twitter handles have no dots and at most 15 characters.
    expect(describeSuggestions('📸 @ana.costa', { networkId: NetworkId.Twitter })).toEqual(['Photographer @ana']);
    expect(describeSuggestions('📸 @averyveryverylonghandle', { networkId: NetworkId.Twitter })).toEqual([]);
    // YouTube handles may contain hyphens; a TikTok handle needs two characters.
    expect(describeSuggestions('🎬 @jane-doe', { networkId: NetworkId.YouTube })).toEqual(['Director @jane-doe']);
    expect(describeSuggestions('🎬 @j', { networkId: NetworkId.TikTok })).toEqual([]);
    // A personal website has no handles to credit.
    expect(describeSuggestions('📸 @ana', { networkId: NetworkId.Website })).toEqual([]);
  });

  it('leaves out whoever is already credited in that role, whatever the case, but not in another role', () => {
    const context: CaptionContext = { ...instagram, alreadyCredited: [{ handle: 'Jane', roleId: roleId('Director') }] };
    expect(describeSuggestions('🎬 @jane ✂️ @jane', context)).toEqual(['Editor @jane']);
  });

  it('suggests each handle and role once', () => {
    expect(describeSuggestions('📸 @ana … 📸 by @ANA', instagram)).toEqual(['Photographer @ana']);
  });

  it(`stops at ${MAX_CAPTION_SUGGESTIONS}`, () => {
    const caption = Array.from({ length: 15 }, (_, index) => `📸 @person${index}`).join('\n');
    expect(suggestCreditsFromCaption(caption, instagram)).toHaveLength(MAX_CAPTION_SUGGESTIONS);
  });
});

describe('suggestCreditsFromCaption on hostile captions', () => {
  // Captions come from other networks: reading one must take time in step with its length.
  it.each([
    ['a marker repeated', `${'photo '.repeat(5_000)}@x`],
    ['joiners repeated', `${'📸 & '.repeat(5_000)}@x`],
    ['connectors repeated', `${' by'.repeat(5_000)}@x`],
    ['mentions repeated', '@a '.repeat(5_000)],
    ['at signs', '@'.repeat(20_000)],
  ])('reads %s quickly', (_, caption) => {
    const started = performance.now();
    suggestCreditsFromCaption(caption, instagram);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
