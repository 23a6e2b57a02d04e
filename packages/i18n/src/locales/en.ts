/**
 * English texts (the fallback language). Keys are shared with `es.ts`; the
 * type of this object is the shape every other language must fill.
 */
export const en = {
  mail: {
    greeting: 'Hi {{name}},',
    signature: 'The Reorder team',
    resetPassword: {
      subject: 'Reset your password',
      intro: 'We received a request to reset the password of your Reorder account.',
      action: 'Choose a new password',
      expiry: 'The link works once and expires in one hour.',
      ignore: "If you didn't ask for this, you can ignore this email: your password stays the same.",
    },
    passwordChanged: {
      subject: 'Your password was changed',
      body: 'The password of your Reorder account was just changed, and every device signed in with the old one has been signed out.',
      notYou: "If this wasn't you, reset your password now:",
    },
    feedback: {
      subject: 'Feedback from {{name}}',
    },
  },
} as const;

/** The shape of a language's texts: the same keys as English, any wording. */
export type TMessages = DeepString<typeof en>;

type DeepString<T> = { [K in keyof T]: T[K] extends string ? string : DeepString<T[K]> };
