#!/usr/bin/env node
import { createApp } from '../lib/build-app.ts';

// Stage from context: `npx cdk synth -c stage=prod` (default dev). cdk-nag runs inside createApp.
createApp().app.synth();
