/**
 * The API's own error messages, beyond SPEC §8 (which names the client's). They reach
 * organisers through the UI as they are (SPEC §7: "the field errorMessage is read").
 */
export const serverMessages = {
  libraryTemplateReadOnly:
    "Library templates can't be changed. Choose the template to make your own copy, then edit that.",
  locationNeedsHigherTier:
    'Upgrade to Teamtrail Enterprise to be able to create outdoor GPS activities in any location.',
  comingSoon: 'This template is coming soon. Contact us to upgrade and use it.',
  changedElsewhere:
    'This activity was changed somewhere else. Here is the latest version to merge your changes into.',
  invalidJson: 'The request body is not valid JSON.',
  nulCharacter:
    'Text can’t contain the NUL character (\\u0000), which can’t be stored. Remove it and try again.',
  bodyTooLarge: 'The request is too large.',
  unsupportedContentType:
    'This content type is not accepted. Send JSON (application/json), or files as multipart/form-data.',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  internal: 'Something went wrong on our side. Please try again in a moment.',
  sessionInvalid: 'Your session has expired or is not valid. Please sign in again.',
  malformedAuthorization: 'The Authorization header must read "Bearer {token}".',
  malformedAnonId: 'The AnonId header must be a UUID.',
  signInRequired: 'Please sign in to continue.',
} as const;
