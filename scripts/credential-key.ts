// `npm run credentials:new-key`: prints a fresh Ed25519 key for CREDENTIAL_SIGNING_KEY, and its public key
// (the value to move into CREDENTIAL_PREVIOUS_KEYS when this key is retired; decision 053).
import { encodePublicKey, encodeSecretKey, generateEd25519Key } from "../app/security/multikey";

const key = generateEd25519Key();
console.log(`CREDENTIAL_SIGNING_KEY=${encodeSecretKey(key)}`);
console.log(`# its public key: ${encodePublicKey(key.publicKey)}`);
