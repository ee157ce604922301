import { describeWithShared } from "../testing/describe-with-shared";
import { syncUploadContract } from "../testing/sync-upload-contract";
import { useTestDatabase } from "../testing/use-test-database";

describeWithShared("syncUpload on SQLite (fresh database file)", () => {
  useTestDatabase("sqlite");
  syncUploadContract();
});
