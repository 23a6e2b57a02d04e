/**
 * The texts of the server's mails and notifications, in English: a module of
 * their own, so the web app's bundle carries none of them (the server joins
 * them to the app's texts: `resources` in ../index.ts).
 */
export const enMail = {
  greeting: 'Hi {{name}},',
  greetingNoName: 'Hello,',
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
    body: 'The password of your Reorder account was just changed, and every other device has been signed out.',
    notYou: "If this wasn't you, reset your password now:",
  },
  feedback: {
    subject: 'Feedback from {{name}}',
  },
  invitation: {
    subject: 'You are invited to a business on Reorder',
    body: '{{inviter}} invites you to join the business “{{business}}” on Reorder as {{role}}, to keep its suppliers and orders together.',
    action: 'See the invitation',
    expiry: 'The link works once and expires in 7 days. New to Reorder? Your name and a password are all it takes to join.',
    ignore: 'If you don’t know “{{business}}”, you can ignore this email.',
  },
  orderReady: {
    subject: '{{name}} prepared the order for {{supplier}}',
    body: '{{name}} prepared the order for {{supplier}} in {{business}}: it is ready to send.',
    action: 'Open the order',
  },
  roles: {
    owner: 'owner',
    manager: 'manager',
    staff: 'staff',
  },
  verifyEmail: {
    subject: 'Confirm your email address',
    intro: 'Please confirm that this is the email address of your Reorder account.',
    action: 'Confirm my email',
    expiry: 'The link works once and expires in 24 hours.',
    ignore: "If you didn't create a Reorder account, you can ignore this email.",
  },
  changeEmail: {
    subject: 'Confirm your new email address',
    intro: 'You asked to use this address for your Reorder account. It takes effect when you open this link.',
    action: 'Use this email',
  },
  emailChangeRequested: {
    subject: 'Your email address is being changed',
    body: 'Someone signed in to your Reorder account asked to change its email address to {{email}}. It changes only once that address confirms it.',
    notYou: "If this wasn't you, reset your password now:",
  },
  reminder: {
    subject: 'Order from {{supplier}} by {{time}}',
    body: "Order from {{supplier}} by {{when}} for {{delivery}}'s delivery. The order hasn't been sent yet.",
    action: 'Open the order',
    why: 'You get this because reminders are on in your profile. You can switch them off or change how early they come there.',
    push: "Order by {{when}} for {{delivery}}'s delivery",
    today: '{{time}}',
    onDay: '{{day}} {{time}}',
  },
  claim: {
    greeting: 'Hello {{supplier}},',
    intro: 'Checking the delivery of the order of {{date}} from {{business}}, we found:',
    short: '{{name}}: {{quantity}} {{unit}} missing ({{amount}})',
    damaged: '{{name}}: {{quantity}} {{unit}} damaged ({{amount}})',
    wrong: '{{name}}: {{quantity}} {{unit}} wrong item ({{amount}})',
    refused: '{{name}}: {{quantity}} {{unit}} refused ({{amount}})',
    overcharged: '{{name}}: charged {{charged}} instead of {{expected}} per {{unit}} ({{amount}})',
    total: 'Total claimed: {{amount}}',
    answer: 'Please answer here (no account needed): credit, redeliver or dispute.',
    credit: 'credit',
    redeliver: 'redelivery',
    dispute: 'dispute',
    subject: '{{supplier}} answered your claim: {{answer}}',
    body: '{{supplier}} answered the claim of {{amount}} for the order of {{date}}: {{answer}}.',
    creditNote: 'Credit note: {{creditNote}}',
    note: 'Their note: “{{note}}”',
    action: 'Open the order',
  },
  confirmation: {
    subject: '{{supplier}} answered: {{status}}',
    changedSubject: '{{supplier}} changed their answer: {{status}}',
    confirmed: 'order confirmed',
    partial: 'some items unavailable',
    declined: 'order declined',
    body: '{{supplier}} answered your order of {{sent}}.',
    unavailable: 'Not available: {{items}}.',
    allAvailable: 'Everything is available.',
    changes: 'Changed: {{items}}.',
    quantity: '{{quantity}} instead of {{sent}}',
    price: '{{price}} per {{unit}}',
    rise: '{{price}} per {{unit}}, up {{percent}}% ⚠',
    substitute: 'instead: {{substitute}}',
    delivery: 'Delivery: {{date}}.',
    note: 'Their note: "{{note}}"',
    action: 'Open the order',
  },
  accountDeleted: {
    subject: 'Your Reorder account was deleted',
    body: 'Your Reorder account and everything in it (suppliers, products, orders and their history) has been deleted, as asked from a signed-in device.',
    notYou:
      "If this wasn't you, someone knew your password: secure this email account, and write to us through the feedback form of a new account.",
  },
  apiTokenCreated: {
    subject: 'A new API token was made for your account',
    body: 'An API token named "{{name}}" was just made for your Reorder account. It reaches your suppliers, products and orders until {{expires}}.',
    notYou: "If this wasn't you, revoke it on your profile, sign out everywhere and reset your password now:",
  },
  webhookDisabled: {
    subject: 'A webhook of yours was switched off',
    body: 'Deliveries to {{url}} for {{business}} have failed for 24 hours (the last one: {{error}}), so Reorder switched the webhook off and sends it nothing more.',
    fix: 'Once the receiver works again, press "Send test event" on the Webhooks screen: a delivered test switches it back on.',
  },
  accountLinked: {
    subject: 'Your account now signs in with {{provider}}',
    body: 'Someone signed in with {{provider}} using this email address, which had not been confirmed yet. The account now belongs to that {{provider}} account: its password was removed and every device was signed out.',
    next: 'If this was you, nothing else is needed. To also sign in with a password, choose one here:',
  },
  standingPrepared: {
    subject: "{{day}}'s order prepared",
    prepared:
      "The order from {{supplier}} for {{day}}'s delivery ({{date}}) has been prepared from the standing order: {{lines}} products. Send it before the cut-off: {{cutoff}}.",
    notEmpty:
      "The order from {{supplier}} for {{day}}'s delivery ({{date}}) already had products, so the standing order left it alone. Send it before the cut-off: {{cutoff}}.",
    autoSend: 'If nobody sends it, it goes to {{supplier}} by email at {{time}}.',
    send: 'Send: {{url}}',
    edit: 'Edit: {{url}}',
    skip: 'Skip this delivery: {{url}}',
    why: 'You get this because reminders are on in your profile.',
    push: '{{supplier}}: Send · Edit · Skip',
    pushNotEmpty: '{{supplier}}: the order already had products, left as it was',
  },
  standingSend: {
    subject: 'Order for delivery on {{date}}',
  },
};

/** The shape of a language's mail texts: the same keys as English, any wording. */
export type TMailMessages = DeepString<typeof enMail>;

type DeepString<T> = { [K in keyof T]: T[K] extends string ? string : DeepString<T[K]> };
