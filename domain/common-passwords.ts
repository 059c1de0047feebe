/**
 * Passwords that top every published leak list (the most common few hundred of 6 characters
 * or more; shorter ones are refused by length already). Refusing them stops the guesses an
 * attacker tries first, whatever the rate limits allow.
 */
import * as MESSAGES from './messages.js';

const COMMON_PASSWORDS_LIST = `
123456 1234567 12345678 123456789 1234567890 12345678910 0123456789 987654321 9876543210 654321 7654321 87654321
111111 1111111 11111111 222222 333333 444444 555555 666666 777777 888888 999999 000000 00000000 121212 123123 123321
112233 123654 123789 147258 147258369 159357 159753 159951 101010 102030 131313 135790 142536 147852 147896 151515 
171717 181818 191919 212121 232323 252525 123abc 123qwe 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1
qwerty qwerty1 qwerty12 qwerty123 qwertyuiop qwertz qwerty1234 qwe123 qweasd qweasdzxc qazwsx qazwsxedc asdfgh asdfghjkl
asdf1234 asd123 zxcvbn zxcvbnm azerty 1234qwer q1w2e3r4 q1w2e3 a1b2c3 abc123 abcd1234 abcdef abcdefg abc12345 aaaaaa
password password1 password12 password123 password1234 passw0rd p@ssword p@ssw0rd pa55word pass123 passpass passwd
password! password01 mypassword newpassword secret secret123 letmein letmein1 welcome welcome1 welcome123 changeme
admin123 administrator root123 test123 testing tester guest123 default login123 master master123 access access14 trustno1
iloveyou iloveyou1 iloveu loveme lovely lovelove loveyou love123 ilovegod sweetheart sweety sunshine sunshine1 princess
princess1 angel1 angels babygirl babygirl1 butterfly flower flowers rainbow starwars pokemon pikachu superman batman
spiderman ironman avengers matrix monkey monkey1 dragon dragon1 shadow shadow1 master1 killer hunter hunter2 ranger
soccer soccer1 football football1 baseball basketball hockey tennis golfer yankees lakers cowboys steelers eagles
chelsea arsenal liverpool barcelona juventus michael michelle jennifer jessica jordan jordan23 ashley daniel andrew
joshua matthew charlie charlie1 thomas robert richard william anthony justin nicole amanda hannah taylor maggie ginger
summer summer1 winter autumn spring london london1 berlin toronto chicago dallas boston america freedom liberty
whatever nothing forever friends friend family family1 mother father sister brother chocolate cookie cheese banana
orange purple yellow silver golden diamond cherry peanut pepper computer internet samsung iphone apple123 google
facebook youtube twitter instagram tiktok linkedin snapchat microsoft windows linux ubuntu oracle mustang ferrari
porsche corvette mercedes harley yamaha ducati qwerty7 asdasd asdasd123 zxczxc qweqwe 123123123 321321 456456 456789
789456 789456123 741852963 963852741 147147 258258 369369 246810 13579 135792468 1a2b3c 1a2b3c4d q1q1q1 a1a1a1 z1x2c3
aa123456 a123456 a12345 abc123456 123456a 123456q 1234abcd 12qwaszx 12345qwert qwert12345 11223344 12341234 123456abc
football123 baseball1 dragon123 monkey123 shadow123 superman1 batman123 pokemon123 michael1 jessica1 ashley1 daniel1
trustme letmein123 welcome2 hello123 hello1 helloworld hellokitty kitten kitty123 puppy doggie bulldog tigers tiger123
lion123 lionking donald mickey minnie disney cartoon naruto sasuke goku onepiece zelda mario nintendo playstation
xbox360 minecraft fortnite roblox gaming gamer123 letsgo lakers24 bond007 agent007 1password 000000000 999999999
88888888 66666666 12344321 1234321 qwerty11 zzzzzz xxxxxx bbbbbb cccccc dddddd eeeeee ffffff gggggg hhhhhh jjjjjj
kkkkkk llllll mmmmmm nnnnnn oooooo pppppp qqqqqq rrrrrr ssssss tttttt uuuuuu vvvvvv wwwwww yyyyyy 111222 112211
121314 123987 20202020 2020 20212021 20222022 20232023 20242024 19841984 19851985 19861986 19871987 19881988 19891989
19901990 iloveyou2 loveyou2 money123 money1 moneymaker bitcoin crypto blink182 metallica nirvana slipknot eminem
qwerty321 asdfasdf asdfg12345 admin1234 root1234 user123 username useruser test1234 testtest demo123 temp123 temppass
`;

/** Lower-cased, for the case-insensitive comparison. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  COMMON_PASSWORDS_LIST.split(/\s+/)
    .filter((password) => password.length >= 6)
    .map((password) => password.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** Null when the password is not on the list, otherwise the message to show. */
export function validateNotCommonPassword(password: string): string | null {
  return isCommonPassword(password) ? MESSAGES.commonPassword : null;
}

/** How many passwords the list holds (for tests and documentation). */
export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;
