/** What the vouching screens say beyond the contract's messages (VOUCH_MESSAGES). */
export const VOUCHING_WORDS = {
  becameVerified: 'You are now verified in person.',
  loadFailed: 'We could not load your vouches.',
  codeFailed: 'We could not make a code.',
  showNewCode: 'Show a new code',
  codesPaused: 'No code is showing. Show a new one when you meet someone who can vouch for you.',
  scan: 'Scan their code',
  type: 'Type the code instead',
  cameraRefused: "The camera is not allowed. Allow it in your browser's settings, or type the code instead.",
  noCamera: 'No camera was found. Type the code instead.',
  cameraFailed: 'The camera could not start. Type the code instead.',
  notAVouchCode: 'That QR code is not an Anchored vouch code.',
  codeLabel: 'Their six-character code',
  checkCode: 'Check code',
  vouch: 'Vouch',
  startOver: 'Vouch for someone else',
} as const;
