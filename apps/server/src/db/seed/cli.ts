/** `npm run seed`: load the demo store into the configured database if it has no users yet. */
import { loadConfig } from "../../config.js";
import { createUploadStorage } from "../../modules/uploads/storage.js";
import { openDatabase } from "../open.js";
import { hasData, seedDemo } from "./demo.js";

const config = loadConfig();
const { setupDb: db, close } = await openDatabase(config);
const storage = createUploadStorage(config);
try {
  if (await hasData(db)) console.log("The database already has data; nothing seeded.");
  else console.log("Seeded:", await seedDemo(db, storage));
} finally {
  storage.close();
  await close();
}
