// Roles and people as the fake server answers them in this feature's component tests.

/** The post the credits tests show (postAnswer's post). */
export const POST_ID = 'UG9zdDoxMjM0';

export const DIRECTOR = { __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZTox', name: 'Director', emoji: '🎬' } as const;
export const PHOTOGRAPHER = { __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZToy', name: 'Photographer', emoji: '📷' } as const;
export const EDITOR = { __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZToz', name: 'Editor', emoji: '✂️' } as const;

function person(id: string, name: string, username: string) {
  return { __typename: 'User', id, name, username, avatarUrl: null } as const;
}

export const JANE = person('VXNlcjox', 'Jane Doe', 'janedoe');
export const SAM = person('VXNlcjoy', 'Sam Lee', 'samlee');
