#!/bin/sh
# Garage's command line as compose.yaml uses it, answered by s3rver (@20minutes/s3rver, the fork that runs on
# Node 24, as in the tests), so the stand-in takes compose.yaml's command and healthcheck unchanged:
# `/garage server …` serves the bucket GARAGE_DEFAULT_BUCKET on port 3900, `/garage status` says whether it
# answers. s3rver has one account, S3RVER / S3RVER: check-compose.sh gives the app servers that key. For
# scripts/container/check-compose.sh only.
case "$1" in
  server)
    mkdir -p /tmp/s3
    exec node -e '
      const S3rver = require("@20minutes/s3rver");
      new S3rver({
        port: 3900,
        address: "0.0.0.0",
        silent: true,
        // Today'\''s SDK signs a listing'\''s path with a trailing slash that s3rver leaves out (tests/fakes/s3.ts).
        allowMismatchedSignatures: true,
        // Else s3rver takes the host name "garage" for a bucket name (virtual-host style); the servers use
        // path-style requests (S3_FORCE_PATH_STYLE).
        vhostBuckets: false,
        directory: "/tmp/s3",
        configureBuckets: [{ name: process.env.GARAGE_DEFAULT_BUCKET || "manara" }],
      })
        .run()
        .then(() => console.log("s3rver on :3900"))
        .catch((error) => {
          console.error(error);
          process.exit(1);
        });' ;;
  status)
    exec node -e "fetch('http://127.0.0.1:3900/').then(() => process.exit(0), () => process.exit(1))" ;;
  *)
    echo "the Garage stand-in answers only 'server' and 'status'" >&2
    exit 64 ;;
esac
