/**
 * The pricing and contact pages' own texts (SPEC gives none for these pages; SPEC §6 gives the
 * plans, which come from src/domain/plans.ts). SPEC names no prices, so none is shown.
 */
export const PRICING_TEXTS = {
  title: 'Plans and pricing',
  intro:
    'Start with a FREE account and upgrade when your team needs more. Pro and Enterprise are priced for your organisation: contact us for pricing.',
  compareHeading: 'Compare plans',
  helpHeading: 'Not sure which plan fits?',
  helpText: 'Tell us how you run your activities and we will help you choose.',
  currentPlanBadge: 'Your plan',
  freePrice: 'Free',
  freePriceNote: 'No credit card needed',
  paidPrice: 'Contact us for pricing',
  paidPriceNote: 'Priced for your organisation and the way you run activities.',
  signUpFree: 'Sign up free',
  contactUs: 'Contact Us',
  onThisPlan: 'You are on this plan',
  includedInYours: 'Included in your plan',
} as const;

export const CONTACT_TEXTS = {
  title: 'Contact us',
  intro:
    'Talk to the Teamtrail team about plans and pricing, a theme for your organisation, or help running an activity.',
  phoneHeading: 'Call us',
  emailHeading: 'E-mail us',
  emailNote: 'Write to us and we will reply by e-mail.',
  phoneNote: 'Speak to the team directly.',
  bookHeading: 'Book a call',
  bookIntro:
    'Prefer a proper conversation, or a walk-through of Teamtrail with your team? Send us a short note and we will reply with a time for a call.',
  bookButton: 'E-mail us to book a call',
  bookPrompts: [
    'what you would like to talk about',
    'a few times that suit you, with your time zone',
    'your organisation and roughly how many people take part',
  ],
  topicsHeading: 'Or write to us about',
  plansLink: 'See the plans',
} as const;
