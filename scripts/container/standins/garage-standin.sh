#!/bin/sh
# Garage's command line as compose.yaml uses it, answered by s3rver, so the stand-in takes compose.yaml's
# command and healthcheck unchanged: `/garage server …` serves the bucket GARAGE_DEFAULT_BUCKET on port 3900,
# `/garage status` says whether it answers. For scripts/container/check-compose.sh only.
case "$1" in
  server)
    exec s3rver --directory /tmp/s3 --address 0.0.0.0 --port 3900 \
      --configure-bucket "${GARAGE_DEFAULT_BUCKET:-manara}" --allow-mismatched-signatures --silent ;;
  status)
    exec node -e "fetch('http://127.0.0.1:3900/').then(() => process.exit(0), () => process.exit(1))" ;;
  *)
    echo "the Garage stand-in answers only 'server' and 'status'" >&2
    exit 64 ;;
esac
