// A job module that fails to load (test/batch.test.ts): every job of a batch on it must fail with this message.
throw new Error("batch-broken.mjs refuses to load");
