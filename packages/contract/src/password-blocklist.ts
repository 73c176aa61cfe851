/**
 * Loads the common and breached passwords list ("passwords-common" of @zxcvbn-ts/language-common,
 * about 49,000 passwords) into the contract's new-password rule (schemas/password.ts, ADR 0083).
 * Imported for its effect: by the server at start, by the web lazily (lib/form.ts).
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { setPasswordBlocklist } from "./schemas/password.js";

setPasswordBlocklist(dictionary["passwords-common"]);
