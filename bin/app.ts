#!/usr/bin/env node
import { createApp } from '../lib/build-app.ts';
import { StageError } from '../lib/stage.ts';

// The stage must be given: `npx cdk synth -c stage=dev|prod` (no default). On dev, `-c
// devAdminEmails=a@example.com,b@example.com` names who may use Make Me Admin (nobody otherwise).
// cdk-nag runs inside createApp.
try {
  createApp().app.synth();
} catch (error) {
  if (!(error instanceof StageError)) throw error;
  // One sentence for a forgotten stage, not a stack trace.
  console.error(error.message);
  process.exit(1);
}
