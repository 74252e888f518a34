#ifndef TRIPS_CCRYPTO_SHIM_H
#define TRIPS_CCRYPTO_SHIM_H
// OpenSSL 3's libcrypto, EVP APIs only (ECDSA P-256 for server-to-server keys).
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#endif
