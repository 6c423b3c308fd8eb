/** Labels of the recovery screens: the `recovery` messages of the account catalog (src/kit/account-texts.ts). */
import { accountTexts } from '../../kit/account-texts';

export const recoveryTexts = accountTexts.recovery;
