/** The admin and teacher area on a phone, in English, Hindi and Marathi (tests/e2e/support/phone-sweep-suite.ts). */
import { sweepEveryPage } from './support/phone-sweep-suite';

sweepEveryPage(['admin', 'teacher']);
