/* A page script, bundled by scripts/page-scripts.ts (npm run pages) from src/pages/client/: do not edit. */
"use strict";
(() => {
  var __create = Object.create;
  var __defProp = Object.defineProperty;
  var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
  var __getOwnPropNames = Object.getOwnPropertyNames;
  var __getProtoOf = Object.getPrototypeOf;
  var __hasOwnProp = Object.prototype.hasOwnProperty;
  var __commonJS = (cb, mod) => function __require() {
    try {
      return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
    } catch (e) {
      throw mod = 0, e;
    }
  };
  var __copyProps = (to, from, except, desc) => {
    if (from && typeof from === "object" || typeof from === "function") {
      for (let key of __getOwnPropNames(from))
        if (!__hasOwnProp.call(to, key) && key !== except)
          __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
    }
    return to;
  };
  var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
    // If the importer is in node compatibility mode or this is not an ESM
    // file that has been converted to a CommonJS file using a Babel-
    // compatible transform (i.e. "__esModule" has not been set), then set
    // "default" to the CommonJS "module.exports" for node compatibility.
    isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
    mod
  ));

  // node_modules/@stablelib/base64/lib/base64.js
  var require_base64 = __commonJS({
    "node_modules/@stablelib/base64/lib/base64.js"(exports) {
      "use strict";
      var __extends = exports && exports.__extends || /* @__PURE__ */ (function() {
        var extendStatics = function(d, b) {
          extendStatics = Object.setPrototypeOf || { __proto__: [] } instanceof Array && function(d2, b2) {
            d2.__proto__ = b2;
          } || function(d2, b2) {
            for (var p in b2) if (b2.hasOwnProperty(p)) d2[p] = b2[p];
          };
          return extendStatics(d, b);
        };
        return function(d, b) {
          extendStatics(d, b);
          function __() {
            this.constructor = d;
          }
          d.prototype = b === null ? Object.create(b) : (__.prototype = b.prototype, new __());
        };
      })();
      Object.defineProperty(exports, "__esModule", { value: true });
      var INVALID_BYTE = 256;
      var Coder = (
        /** @class */
        (function() {
          function Coder2(_paddingCharacter) {
            if (_paddingCharacter === void 0) {
              _paddingCharacter = "=";
            }
            this._paddingCharacter = _paddingCharacter;
          }
          Coder2.prototype.encodedLength = function(length) {
            if (!this._paddingCharacter) {
              return (length * 8 + 5) / 6 | 0;
            }
            return (length + 2) / 3 * 4 | 0;
          };
          Coder2.prototype.encode = function(data) {
            var out = "";
            var i = 0;
            for (; i < data.length - 2; i += 3) {
              var c = data[i] << 16 | data[i + 1] << 8 | data[i + 2];
              out += this._encodeByte(c >>> 3 * 6 & 63);
              out += this._encodeByte(c >>> 2 * 6 & 63);
              out += this._encodeByte(c >>> 1 * 6 & 63);
              out += this._encodeByte(c >>> 0 * 6 & 63);
            }
            var left = data.length - i;
            if (left > 0) {
              var c = data[i] << 16 | (left === 2 ? data[i + 1] << 8 : 0);
              out += this._encodeByte(c >>> 3 * 6 & 63);
              out += this._encodeByte(c >>> 2 * 6 & 63);
              if (left === 2) {
                out += this._encodeByte(c >>> 1 * 6 & 63);
              } else {
                out += this._paddingCharacter || "";
              }
              out += this._paddingCharacter || "";
            }
            return out;
          };
          Coder2.prototype.maxDecodedLength = function(length) {
            if (!this._paddingCharacter) {
              return (length * 6 + 7) / 8 | 0;
            }
            return length / 4 * 3 | 0;
          };
          Coder2.prototype.decodedLength = function(s) {
            return this.maxDecodedLength(s.length - this._getPaddingLength(s));
          };
          Coder2.prototype.decode = function(s) {
            if (s.length === 0) {
              return new Uint8Array(0);
            }
            var paddingLength = this._getPaddingLength(s);
            var length = s.length - paddingLength;
            var out = new Uint8Array(this.maxDecodedLength(length));
            var op = 0;
            var i = 0;
            var haveBad = 0;
            var v0 = 0, v1 = 0, v2 = 0, v3 = 0;
            for (; i < length - 4; i += 4) {
              v0 = this._decodeChar(s.charCodeAt(i + 0));
              v1 = this._decodeChar(s.charCodeAt(i + 1));
              v2 = this._decodeChar(s.charCodeAt(i + 2));
              v3 = this._decodeChar(s.charCodeAt(i + 3));
              out[op++] = v0 << 2 | v1 >>> 4;
              out[op++] = v1 << 4 | v2 >>> 2;
              out[op++] = v2 << 6 | v3;
              haveBad |= v0 & INVALID_BYTE;
              haveBad |= v1 & INVALID_BYTE;
              haveBad |= v2 & INVALID_BYTE;
              haveBad |= v3 & INVALID_BYTE;
            }
            if (i < length - 1) {
              v0 = this._decodeChar(s.charCodeAt(i));
              v1 = this._decodeChar(s.charCodeAt(i + 1));
              out[op++] = v0 << 2 | v1 >>> 4;
              haveBad |= v0 & INVALID_BYTE;
              haveBad |= v1 & INVALID_BYTE;
            }
            if (i < length - 2) {
              v2 = this._decodeChar(s.charCodeAt(i + 2));
              out[op++] = v1 << 4 | v2 >>> 2;
              haveBad |= v2 & INVALID_BYTE;
            }
            if (i < length - 3) {
              v3 = this._decodeChar(s.charCodeAt(i + 3));
              out[op++] = v2 << 6 | v3;
              haveBad |= v3 & INVALID_BYTE;
            }
            if (haveBad !== 0) {
              throw new Error("Base64Coder: incorrect characters for decoding");
            }
            return out;
          };
          Coder2.prototype._encodeByte = function(b) {
            var result = b;
            result += 65;
            result += 25 - b >>> 8 & 0 - 65 - 26 + 97;
            result += 51 - b >>> 8 & 26 - 97 - 52 + 48;
            result += 61 - b >>> 8 & 52 - 48 - 62 + 43;
            result += 62 - b >>> 8 & 62 - 43 - 63 + 47;
            return String.fromCharCode(result);
          };
          Coder2.prototype._decodeChar = function(c) {
            var result = INVALID_BYTE;
            result += (42 - c & c - 44) >>> 8 & -INVALID_BYTE + c - 43 + 62;
            result += (46 - c & c - 48) >>> 8 & -INVALID_BYTE + c - 47 + 63;
            result += (47 - c & c - 58) >>> 8 & -INVALID_BYTE + c - 48 + 52;
            result += (64 - c & c - 91) >>> 8 & -INVALID_BYTE + c - 65 + 0;
            result += (96 - c & c - 123) >>> 8 & -INVALID_BYTE + c - 97 + 26;
            return result;
          };
          Coder2.prototype._getPaddingLength = function(s) {
            var paddingLength = 0;
            if (this._paddingCharacter) {
              for (var i = s.length - 1; i >= 0; i--) {
                if (s[i] !== this._paddingCharacter) {
                  break;
                }
                paddingLength++;
              }
              if (s.length < 4 || paddingLength > 2) {
                throw new Error("Base64Coder: incorrect padding");
              }
            }
            return paddingLength;
          };
          return Coder2;
        })()
      );
      exports.Coder = Coder;
      var stdCoder = new Coder();
      function encode(data) {
        return stdCoder.encode(data);
      }
      exports.encode = encode;
      function decode(s) {
        return stdCoder.decode(s);
      }
      exports.decode = decode;
      var URLSafeCoder = (
        /** @class */
        (function(_super) {
          __extends(URLSafeCoder2, _super);
          function URLSafeCoder2() {
            return _super !== null && _super.apply(this, arguments) || this;
          }
          URLSafeCoder2.prototype._encodeByte = function(b) {
            var result = b;
            result += 65;
            result += 25 - b >>> 8 & 0 - 65 - 26 + 97;
            result += 51 - b >>> 8 & 26 - 97 - 52 + 48;
            result += 61 - b >>> 8 & 52 - 48 - 62 + 45;
            result += 62 - b >>> 8 & 62 - 45 - 63 + 95;
            return String.fromCharCode(result);
          };
          URLSafeCoder2.prototype._decodeChar = function(c) {
            var result = INVALID_BYTE;
            result += (44 - c & c - 46) >>> 8 & -INVALID_BYTE + c - 45 + 62;
            result += (94 - c & c - 96) >>> 8 & -INVALID_BYTE + c - 95 + 63;
            result += (47 - c & c - 58) >>> 8 & -INVALID_BYTE + c - 48 + 52;
            result += (64 - c & c - 91) >>> 8 & -INVALID_BYTE + c - 65 + 0;
            result += (96 - c & c - 123) >>> 8 & -INVALID_BYTE + c - 97 + 26;
            return result;
          };
          return URLSafeCoder2;
        })(Coder)
      );
      exports.URLSafeCoder = URLSafeCoder;
      var urlSafeCoder = new URLSafeCoder();
      function encodeURLSafe(data) {
        return urlSafeCoder.encode(data);
      }
      exports.encodeURLSafe = encodeURLSafe;
      function decodeURLSafe(s) {
        return urlSafeCoder.decode(s);
      }
      exports.decodeURLSafe = decodeURLSafe;
      exports.encodedLength = function(length) {
        return stdCoder.encodedLength(length);
      };
      exports.maxDecodedLength = function(length) {
        return stdCoder.maxDecodedLength(length);
      };
      exports.decodedLength = function(s) {
        return stdCoder.decodedLength(s);
      };
    }
  });

  // node_modules/fast-sha256/sha256.js
  var require_sha256 = __commonJS({
    "node_modules/fast-sha256/sha256.js"(exports, module) {
      (function(root, factory) {
        var exports2 = {};
        factory(exports2);
        var sha256 = exports2["default"];
        for (var k in exports2) {
          sha256[k] = exports2[k];
        }
        if (typeof module === "object" && typeof module.exports === "object") {
          module.exports = sha256;
        } else if (typeof define === "function" && define.amd) {
          define(function() {
            return sha256;
          });
        } else {
          root.sha256 = sha256;
        }
      })(exports, function(exports2) {
        "use strict";
        exports2.__esModule = true;
        exports2.digestLength = 32;
        exports2.blockSize = 64;
        var K = new Uint32Array([
          1116352408,
          1899447441,
          3049323471,
          3921009573,
          961987163,
          1508970993,
          2453635748,
          2870763221,
          3624381080,
          310598401,
          607225278,
          1426881987,
          1925078388,
          2162078206,
          2614888103,
          3248222580,
          3835390401,
          4022224774,
          264347078,
          604807628,
          770255983,
          1249150122,
          1555081692,
          1996064986,
          2554220882,
          2821834349,
          2952996808,
          3210313671,
          3336571891,
          3584528711,
          113926993,
          338241895,
          666307205,
          773529912,
          1294757372,
          1396182291,
          1695183700,
          1986661051,
          2177026350,
          2456956037,
          2730485921,
          2820302411,
          3259730800,
          3345764771,
          3516065817,
          3600352804,
          4094571909,
          275423344,
          430227734,
          506948616,
          659060556,
          883997877,
          958139571,
          1322822218,
          1537002063,
          1747873779,
          1955562222,
          2024104815,
          2227730452,
          2361852424,
          2428436474,
          2756734187,
          3204031479,
          3329325298
        ]);
        function hashBlocks(w, v, p, pos, len) {
          var a, b, c, d, e, f, g, h, u, i, j, t1, t2;
          while (len >= 64) {
            a = v[0];
            b = v[1];
            c = v[2];
            d = v[3];
            e = v[4];
            f = v[5];
            g = v[6];
            h = v[7];
            for (i = 0; i < 16; i++) {
              j = pos + i * 4;
              w[i] = (p[j] & 255) << 24 | (p[j + 1] & 255) << 16 | (p[j + 2] & 255) << 8 | p[j + 3] & 255;
            }
            for (i = 16; i < 64; i++) {
              u = w[i - 2];
              t1 = (u >>> 17 | u << 32 - 17) ^ (u >>> 19 | u << 32 - 19) ^ u >>> 10;
              u = w[i - 15];
              t2 = (u >>> 7 | u << 32 - 7) ^ (u >>> 18 | u << 32 - 18) ^ u >>> 3;
              w[i] = (t1 + w[i - 7] | 0) + (t2 + w[i - 16] | 0);
            }
            for (i = 0; i < 64; i++) {
              t1 = (((e >>> 6 | e << 32 - 6) ^ (e >>> 11 | e << 32 - 11) ^ (e >>> 25 | e << 32 - 25)) + (e & f ^ ~e & g) | 0) + (h + (K[i] + w[i] | 0) | 0) | 0;
              t2 = ((a >>> 2 | a << 32 - 2) ^ (a >>> 13 | a << 32 - 13) ^ (a >>> 22 | a << 32 - 22)) + (a & b ^ a & c ^ b & c) | 0;
              h = g;
              g = f;
              f = e;
              e = d + t1 | 0;
              d = c;
              c = b;
              b = a;
              a = t1 + t2 | 0;
            }
            v[0] += a;
            v[1] += b;
            v[2] += c;
            v[3] += d;
            v[4] += e;
            v[5] += f;
            v[6] += g;
            v[7] += h;
            pos += 64;
            len -= 64;
          }
          return pos;
        }
        var Hash = (
          /** @class */
          (function() {
            function Hash2() {
              this.digestLength = exports2.digestLength;
              this.blockSize = exports2.blockSize;
              this.state = new Int32Array(8);
              this.temp = new Int32Array(64);
              this.buffer = new Uint8Array(128);
              this.bufferLength = 0;
              this.bytesHashed = 0;
              this.finished = false;
              this.reset();
            }
            Hash2.prototype.reset = function() {
              this.state[0] = 1779033703;
              this.state[1] = 3144134277;
              this.state[2] = 1013904242;
              this.state[3] = 2773480762;
              this.state[4] = 1359893119;
              this.state[5] = 2600822924;
              this.state[6] = 528734635;
              this.state[7] = 1541459225;
              this.bufferLength = 0;
              this.bytesHashed = 0;
              this.finished = false;
              return this;
            };
            Hash2.prototype.clean = function() {
              for (var i = 0; i < this.buffer.length; i++) {
                this.buffer[i] = 0;
              }
              for (var i = 0; i < this.temp.length; i++) {
                this.temp[i] = 0;
              }
              this.reset();
            };
            Hash2.prototype.update = function(data, dataLength) {
              if (dataLength === void 0) {
                dataLength = data.length;
              }
              if (this.finished) {
                throw new Error("SHA256: can't update because hash was finished.");
              }
              var dataPos = 0;
              this.bytesHashed += dataLength;
              if (this.bufferLength > 0) {
                while (this.bufferLength < 64 && dataLength > 0) {
                  this.buffer[this.bufferLength++] = data[dataPos++];
                  dataLength--;
                }
                if (this.bufferLength === 64) {
                  hashBlocks(this.temp, this.state, this.buffer, 0, 64);
                  this.bufferLength = 0;
                }
              }
              if (dataLength >= 64) {
                dataPos = hashBlocks(this.temp, this.state, data, dataPos, dataLength);
                dataLength %= 64;
              }
              while (dataLength > 0) {
                this.buffer[this.bufferLength++] = data[dataPos++];
                dataLength--;
              }
              return this;
            };
            Hash2.prototype.finish = function(out) {
              if (!this.finished) {
                var bytesHashed = this.bytesHashed;
                var left = this.bufferLength;
                var bitLenHi = bytesHashed / 536870912 | 0;
                var bitLenLo = bytesHashed << 3;
                var padLength = bytesHashed % 64 < 56 ? 64 : 128;
                this.buffer[left] = 128;
                for (var i = left + 1; i < padLength - 8; i++) {
                  this.buffer[i] = 0;
                }
                this.buffer[padLength - 8] = bitLenHi >>> 24 & 255;
                this.buffer[padLength - 7] = bitLenHi >>> 16 & 255;
                this.buffer[padLength - 6] = bitLenHi >>> 8 & 255;
                this.buffer[padLength - 5] = bitLenHi >>> 0 & 255;
                this.buffer[padLength - 4] = bitLenLo >>> 24 & 255;
                this.buffer[padLength - 3] = bitLenLo >>> 16 & 255;
                this.buffer[padLength - 2] = bitLenLo >>> 8 & 255;
                this.buffer[padLength - 1] = bitLenLo >>> 0 & 255;
                hashBlocks(this.temp, this.state, this.buffer, 0, padLength);
                this.finished = true;
              }
              for (var i = 0; i < 8; i++) {
                out[i * 4 + 0] = this.state[i] >>> 24 & 255;
                out[i * 4 + 1] = this.state[i] >>> 16 & 255;
                out[i * 4 + 2] = this.state[i] >>> 8 & 255;
                out[i * 4 + 3] = this.state[i] >>> 0 & 255;
              }
              return this;
            };
            Hash2.prototype.digest = function() {
              var out = new Uint8Array(this.digestLength);
              this.finish(out);
              return out;
            };
            Hash2.prototype._saveState = function(out) {
              for (var i = 0; i < this.state.length; i++) {
                out[i] = this.state[i];
              }
            };
            Hash2.prototype._restoreState = function(from, bytesHashed) {
              for (var i = 0; i < this.state.length; i++) {
                this.state[i] = from[i];
              }
              this.bytesHashed = bytesHashed;
              this.finished = false;
              this.bufferLength = 0;
            };
            return Hash2;
          })()
        );
        exports2.Hash = Hash;
        var HMAC = (
          /** @class */
          (function() {
            function HMAC2(key) {
              this.inner = new Hash();
              this.outer = new Hash();
              this.blockSize = this.inner.blockSize;
              this.digestLength = this.inner.digestLength;
              var pad = new Uint8Array(this.blockSize);
              if (key.length > this.blockSize) {
                new Hash().update(key).finish(pad).clean();
              } else {
                for (var i = 0; i < key.length; i++) {
                  pad[i] = key[i];
                }
              }
              for (var i = 0; i < pad.length; i++) {
                pad[i] ^= 54;
              }
              this.inner.update(pad);
              for (var i = 0; i < pad.length; i++) {
                pad[i] ^= 54 ^ 92;
              }
              this.outer.update(pad);
              this.istate = new Uint32Array(8);
              this.ostate = new Uint32Array(8);
              this.inner._saveState(this.istate);
              this.outer._saveState(this.ostate);
              for (var i = 0; i < pad.length; i++) {
                pad[i] = 0;
              }
            }
            HMAC2.prototype.reset = function() {
              this.inner._restoreState(this.istate, this.inner.blockSize);
              this.outer._restoreState(this.ostate, this.outer.blockSize);
              return this;
            };
            HMAC2.prototype.clean = function() {
              for (var i = 0; i < this.istate.length; i++) {
                this.ostate[i] = this.istate[i] = 0;
              }
              this.inner.clean();
              this.outer.clean();
            };
            HMAC2.prototype.update = function(data) {
              this.inner.update(data);
              return this;
            };
            HMAC2.prototype.finish = function(out) {
              if (this.outer.finished) {
                this.outer.finish(out);
              } else {
                this.inner.finish(out);
                this.outer.update(out, this.digestLength).finish(out);
              }
              return this;
            };
            HMAC2.prototype.digest = function() {
              var out = new Uint8Array(this.digestLength);
              this.finish(out);
              return out;
            };
            return HMAC2;
          })()
        );
        exports2.HMAC = HMAC;
        function hash(data) {
          var h = new Hash().update(data);
          var digest = h.digest();
          h.clean();
          return digest;
        }
        exports2.hash = hash;
        exports2["default"] = hash;
        function hmac(key, data) {
          var h = new HMAC(key).update(data);
          var digest = h.digest();
          h.clean();
          return digest;
        }
        exports2.hmac = hmac;
        function fillBuffer(buffer, hmac2, info, counter) {
          var num = counter[0];
          if (num === 0) {
            throw new Error("hkdf: cannot expand more");
          }
          hmac2.reset();
          if (num > 1) {
            hmac2.update(buffer);
          }
          if (info) {
            hmac2.update(info);
          }
          hmac2.update(counter);
          hmac2.finish(buffer);
          counter[0]++;
        }
        var hkdfSalt = new Uint8Array(exports2.digestLength);
        function hkdf(key, salt, info, length) {
          if (salt === void 0) {
            salt = hkdfSalt;
          }
          if (length === void 0) {
            length = 32;
          }
          var counter = new Uint8Array([1]);
          var okm = hmac(salt, key);
          var hmac_ = new HMAC(okm);
          var buffer = new Uint8Array(hmac_.digestLength);
          var bufpos = buffer.length;
          var out = new Uint8Array(length);
          for (var i = 0; i < length; i++) {
            if (bufpos === buffer.length) {
              fillBuffer(buffer, hmac_, info, counter);
              bufpos = 0;
            }
            out[i] = buffer[bufpos++];
          }
          hmac_.clean();
          buffer.fill(0);
          counter.fill(0);
          return out;
        }
        exports2.hkdf = hkdf;
        function pbkdf2(password, salt, iterations, dkLen) {
          var prf = new HMAC(password);
          var len = prf.digestLength;
          var ctr = new Uint8Array(4);
          var t = new Uint8Array(len);
          var u = new Uint8Array(len);
          var dk = new Uint8Array(dkLen);
          for (var i = 0; i * len < dkLen; i++) {
            var c = i + 1;
            ctr[0] = c >>> 24 & 255;
            ctr[1] = c >>> 16 & 255;
            ctr[2] = c >>> 8 & 255;
            ctr[3] = c >>> 0 & 255;
            prf.reset();
            prf.update(salt);
            prf.update(ctr);
            prf.finish(u);
            for (var j = 0; j < len; j++) {
              t[j] = u[j];
            }
            for (var j = 2; j <= iterations; j++) {
              prf.reset();
              prf.update(u).finish(u);
              for (var k = 0; k < len; k++) {
                t[k] ^= u[k];
              }
            }
            for (var j = 0; j < len && i * len + j < dkLen; j++) {
              dk[i * len + j] = t[j];
            }
          }
          for (var i = 0; i < len; i++) {
            t[i] = u[i] = 0;
          }
          for (var i = 0; i < 4; i++) {
            ctr[i] = 0;
          }
          prf.clean();
          return dk;
        }
        exports2.pbkdf2 = pbkdf2;
      });
    }
  });

  // node_modules/standardwebhooks/dist/timing_safe_equal.js
  var require_timing_safe_equal = __commonJS({
    "node_modules/standardwebhooks/dist/timing_safe_equal.js"(exports) {
      "use strict";
      Object.defineProperty(exports, "__esModule", { value: true });
      exports.timingSafeEqual = timingSafeEqual;
      function assert(expr, msg = "") {
        if (!expr) {
          throw new Error(msg);
        }
      }
      function timingSafeEqual(a, b) {
        if (a.byteLength !== b.byteLength) {
          return false;
        }
        if (!(a instanceof DataView)) {
          a = new DataView(ArrayBuffer.isView(a) ? a.buffer : a);
        }
        if (!(b instanceof DataView)) {
          b = new DataView(ArrayBuffer.isView(b) ? b.buffer : b);
        }
        assert(a instanceof DataView);
        assert(b instanceof DataView);
        const length = a.byteLength;
        let out = 0;
        let i = -1;
        while (++i < length) {
          out |= a.getUint8(i) ^ b.getUint8(i);
        }
        return out === 0;
      }
    }
  });

  // node_modules/standardwebhooks/dist/index.js
  var require_dist = __commonJS({
    "node_modules/standardwebhooks/dist/index.js"(exports) {
      "use strict";
      Object.defineProperty(exports, "__esModule", { value: true });
      exports.Webhook = exports.WebhookVerificationError = void 0;
      var base64 = require_base64();
      var sha256 = require_sha256();
      var timing_safe_equal_1 = require_timing_safe_equal();
      var WEBHOOK_TOLERANCE_IN_SECONDS = 5 * 60;
      var ExtendableError = class _ExtendableError extends Error {
        constructor(message) {
          super(message);
          Object.setPrototypeOf(this, _ExtendableError.prototype);
          this.name = "ExtendableError";
          this.stack = new Error(message).stack;
        }
      };
      var WebhookVerificationError = class _WebhookVerificationError extends ExtendableError {
        constructor(message) {
          super(message);
          Object.setPrototypeOf(this, _WebhookVerificationError.prototype);
          this.name = "WebhookVerificationError";
        }
      };
      exports.WebhookVerificationError = WebhookVerificationError;
      var Webhook2 = class _Webhook {
        constructor(secret, options) {
          if ((options === null || options === void 0 ? void 0 : options.format) === "raw") {
            if (secret instanceof Uint8Array) {
              this.key = secret;
            } else {
              this.key = Uint8Array.from(secret, (c) => c.charCodeAt(0));
            }
          } else {
            if (typeof secret !== "string") {
              throw new Error("Expected secret to be of type string");
            }
            if (secret.startsWith(_Webhook.prefix)) {
              secret = secret.substring(_Webhook.prefix.length);
            }
            this.key = base64.decode(secret);
          }
          if (this.key.length === 0) {
            throw new Error("Secret can't be empty.");
          }
        }
        verify(payload, headers, options) {
          var _a;
          const jsonParse = (_a = options === null || options === void 0 ? void 0 : options.jsonParse) !== null && _a !== void 0 ? _a : true;
          const normalizedHeaders = {};
          for (const key of Object.keys(headers)) {
            normalizedHeaders[key.toLowerCase()] = headers[key];
          }
          const msgId = normalizedHeaders["webhook-id"];
          const msgSignature = normalizedHeaders["webhook-signature"];
          const msgTimestamp = normalizedHeaders["webhook-timestamp"];
          if (!msgSignature || !msgId || !msgTimestamp) {
            throw new WebhookVerificationError("Missing required headers");
          }
          const timestamp = this.verifyTimestamp(msgTimestamp);
          const computedSignature = this.sign(msgId, timestamp, payload);
          const expectedSignature = computedSignature.split(",")[1];
          const passedSignatures = msgSignature.split(" ");
          const encoder = new globalThis.TextEncoder();
          for (const versionedSignature of passedSignatures) {
            const [version, signature] = versionedSignature.split(",");
            if (version !== "v1") {
              continue;
            }
            if ((0, timing_safe_equal_1.timingSafeEqual)(encoder.encode(signature), encoder.encode(expectedSignature))) {
              const payloadString = payload.toString();
              if (payloadString === "") {
                return void 0;
              }
              if (jsonParse) {
                return JSON.parse(payloadString);
              } else {
                return void 0;
              }
            }
          }
          throw new WebhookVerificationError("No matching signature found");
        }
        sign(msgId, timestamp, payload) {
          if (typeof payload === "string") {
          } else if (payload.constructor.name === "Buffer") {
            payload = payload.toString();
          } else {
            throw new Error("Expected payload to be of type string or Buffer.");
          }
          const encoder = new TextEncoder();
          const timestampNumber = Math.floor(timestamp.getTime() / 1e3);
          const toSign = encoder.encode(`${msgId}.${timestampNumber}.${payload}`);
          const expectedSignature = base64.encode(sha256.hmac(this.key, toSign));
          return `v1,${expectedSignature}`;
        }
        verifyTimestamp(timestampHeader) {
          const now = Math.floor(Date.now() / 1e3);
          const timestamp = parseInt(timestampHeader, 10);
          if (Number.isNaN(timestamp)) {
            throw new WebhookVerificationError("Invalid Signature Headers");
          }
          if (now - timestamp > WEBHOOK_TOLERANCE_IN_SECONDS) {
            throw new WebhookVerificationError("Message timestamp too old");
          }
          if (timestamp > now + WEBHOOK_TOLERANCE_IN_SECONDS) {
            throw new WebhookVerificationError("Message timestamp too new");
          }
          return new Date(timestamp * 1e3);
        }
      };
      exports.Webhook = Webhook2;
      Webhook2.prefix = "whsec_";
    }
  });

  // src/rules/vocabulary.ts
  var ATTRIBUTES = ["height", "color", "shape", "fill"];
  var ATTRIBUTE_BIT = { height: 8, color: 4, shape: 2, fill: 1 };
  var ATTRIBUTE_VALUES = {
    height: ["short", "tall"],
    color: ["light", "dark"],
    shape: ["round", "square"],
    fill: ["solid", "hollow"]
  };
  var CELL_COUNT = 16;
  var CELL_NAMES = Array.from({ length: CELL_COUNT }, (_, cell) => `${"abcd"[cell % 4]}${Math.floor(cell / 4) + 1}`);
  var shape = (kind, cells) => ({
    kind,
    cells,
    mask: cells.reduce((mask, cell) => mask | 1 << cell, 0)
  });
  var LINES = [
    ...[0, 1, 2, 3].map((r) => shape("row", [r * 4, r * 4 + 1, r * 4 + 2, r * 4 + 3])),
    ...[0, 1, 2, 3].map((c) => shape("column", [c, c + 4, c + 8, c + 12])),
    shape("diagonal", [0, 5, 10, 15]),
    shape("diagonal", [3, 6, 9, 12])
  ];
  var SQUARES = [0, 1, 2, 4, 5, 6, 8, 9, 10].map(
    (topLeft) => shape("square", [topLeft, topLeft + 1, topLeft + 4, topLeft + 5])
  );
  var ALL_SHAPES = [...LINES, ...SQUARES];

  // src/rules/options.ts
  function makeRules(input = {}) {
    const chosen = new Set(input.attributes ?? ATTRIBUTES);
    const attributes = ATTRIBUTES.filter((attribute) => chosen.has(attribute));
    if (attributes.length === 0) throw new RangeError("rules: attributes must not be empty");
    return {
      squares: input.squares ?? false,
      attributes,
      announce: input.announce ?? "auto",
      missedClaim: input.missedClaim ?? true,
      attributeMask: attributes.reduce((mask, attribute) => mask | ATTRIBUTE_BIT[attribute], 0)
    };
  }
  var CLASSIC_RULES = makeRules();

  // src/rules/position.ts
  function popcount(mask) {
    let n = mask - (mask >>> 1 & 1431655765);
    n = (n & 858993459) + (n >>> 2 & 858993459);
    return (n + (n >>> 4) & 252645135) * 16843009 >>> 24;
  }

  // src/pages/draw.ts
  var VOCABULARY = { attributes: ATTRIBUTES, bits: ATTRIBUTE_BIT, values: ATTRIBUTE_VALUES, cellNames: CELL_NAMES };
  function makeDrawing(vocabulary) {
    const { attributes, bits, values, cellNames } = vocabulary;
    const PALETTE = {
      dark: { top: "#9a6642", body: "#643b22", side: "#4b2a16", hole: "#140a04", rim: "#f3d7ae" },
      light: { top: "#fff6e0", body: "#f1d9a6", side: "#d9bb80", hole: "#6e4f24", rim: "#2e1c0f" }
    };
    const STROKE = "#2e1c0f";
    const escapeHtml = (text) => text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]);
    const withoutIsolates = (text) => text.replace(/[\u2066-\u2069]/g, "");
    const isolateHtml = (text) => `<bdi>${escapeHtml(withoutIsolates(text))}</bdi>`;
    const isolateText = (text) => `\u2068${withoutIsolates(text)}\u2069`;
    const pieceChar2 = (piece) => piece.toString(16).toUpperCase();
    const pieceValues = (piece) => attributes.map((attribute) => values[attribute][piece & bits[attribute] ? 1 : 0]);
    const pieceName = (piece) => `${pieceValues(piece).join(" ")} (${pieceChar2(piece)})`;
    const has = (piece, attribute) => (piece & bits[attribute]) !== 0;
    function pieceShapes(piece) {
      const colors = has(piece, "color") ? PALETTE.dark : PALETTE.light;
      const height = has(piece, "height") ? 46 : 20;
      const base = 84;
      const top = base - height;
      const halfWidth = 34;
      const depth = 12;
      const stroke = `stroke="${STROKE}" stroke-width="2.5" stroke-linejoin="round"`;
      const hole = `stroke="${colors.rim}" stroke-width="3" stroke-linejoin="round"`;
      const parts = [];
      if (has(piece, "shape")) {
        const left = 50 - halfWidth;
        const right = 50 + halfWidth;
        parts.push(`<path d="M${left} ${top}L50 ${top + depth}L50 ${base + depth}L${left} ${base}Z" fill="${colors.body}" ${stroke}/>`);
        parts.push(`<path d="M50 ${top + depth}L${right} ${top}L${right} ${base}L50 ${base + depth}Z" fill="${colors.side}" ${stroke}/>`);
        parts.push(`<path d="M${left} ${top}L50 ${top - depth}L${right} ${top}L50 ${top + depth}Z" fill="${colors.top}" ${stroke}/>`);
        if (has(piece, "fill")) parts.push(`<path class="hole" d="M30 ${top}L50 ${top - 7}L70 ${top}L50 ${top + 7}Z" fill="${colors.hole}" ${hole}/>`);
      } else {
        const left = 50 - halfWidth;
        const right = 50 + halfWidth;
        parts.push(`<path d="M${left} ${top}L${left} ${base}A${halfWidth} ${depth} 0 0 0 ${right} ${base}L${right} ${top}Z" fill="${colors.body}" ${stroke}/>`);
        parts.push(`<ellipse cx="50" cy="${top}" rx="${halfWidth}" ry="${depth}" fill="${colors.top}" ${stroke}/>`);
        if (has(piece, "fill")) parts.push(`<ellipse class="hole" cx="50" cy="${top}" rx="19" ry="7" fill="${colors.hole}" ${hole}/>`);
      }
      return parts.join("");
    }
    function pieceSvg(piece, options = {}) {
      const size = options.size ?? 48;
      const name = escapeHtml(pieceName(piece));
      const className = `piece${options.className ? ` ${escapeHtml(options.className)}` : ""}`;
      return `<svg class="${className}" viewBox="0 0 100 100" width="${size}" height="${size}" role="img" aria-label="${name}" data-piece="${piece}"><title>${name}</title>${pieceShapes(piece)}</svg>`;
    }
    const MARK_COLORS = { win: "#bfe8c2", draw: "#e4e4e4", loss: "#f5c4bf" };
    function boardSvg(board, options = {}) {
      const highlight = new Set(options.highlight ?? []);
      const playable = new Set(options.playable ?? []);
      const clickable = new Set(options.clickable ?? []);
      const cells = [];
      for (let cell = 0; cell < 16; cell++) {
        const x = cell % 4 * 100;
        const y = Math.floor(cell / 4) * 100;
        const tentative = options.tentative && options.tentative.cell === cell ? options.tentative.piece : null;
        const piece = board[cell] ?? null;
        const shown = piece ?? tentative;
        const mark = options.marks?.[cell];
        const classes = ["cell"];
        if (highlight.has(cell)) classes.push("winning");
        if (playable.has(cell)) classes.push("playable");
        if (clickable.has(cell)) classes.push("clickable");
        if (options.last === cell) classes.push("last");
        if (tentative !== null && piece === null) classes.push("tentative");
        if (mark) classes.push(`mark-${mark}`);
        const label2 = `${cellNames[cell]}: ${shown === null ? "empty" : pieceName(shown)}${mark ? `, ${mark}` : ""}`;
        const interactive = playable.has(cell) || clickable.has(cell);
        const fill = highlight.has(cell) ? "#ffe27a" : mark ? MARK_COLORS[mark] : "#faf6ec";
        const ring = highlight.has(cell) ? `stroke="#c8900a" stroke-width="5"` : options.last === cell ? `stroke="#3f6fc4" stroke-width="4"` : `stroke="#cdbf9f" stroke-width="2"`;
        cells.push(
          `<g class="${classes.join(" ")}" data-cell="${cell}"${piece === null ? "" : ` data-piece="${piece}"`} transform="translate(${x} ${y})"${interactive ? ` role="button" tabindex="0"` : ` role="img"`} aria-label="${escapeHtml(label2)}"><rect width="100" height="100" fill="transparent"/><circle class="spot" cx="50" cy="50" r="45" fill="${fill}" ${ring}/><text class="cell-name" x="3" y="12" font-size="11" fill="#5f4f33" font-family="sans-serif">${cellNames[cell]}</text>` + (shown === null ? "" : `<g transform="translate(7 4) scale(0.86)"${piece === null ? ` opacity="0.55"` : ""}>${pieceShapes(shown)}</g>`) + `</g>`
        );
      }
      const label = escapeHtml(options.label ?? "The board");
      return `<svg class="board" viewBox="-6 -6 412 412" role="group" aria-label="${label}"><rect x="-6" y="-6" width="412" height="412" rx="22" fill="#d9c9a3"/>${cells.join("")}</svg>`;
    }
    function moveHtml(text) {
      const match = /^(.*-)([0-9A-Fa-f])$/.exec(text);
      if (!match) return escapeHtml(text);
      const piece = Number.parseInt(match[2], 16);
      const picture = pieceSvg(piece, { size: 18, className: "inline" }).replace(/ role="img" aria-label="[^"]*"/, ' aria-hidden="true"').replace(/<title>[^<]*<\/title>/, "");
      return `${escapeHtml(match[1])}<span class="move-piece">${picture}${pieceChar2(piece)}</span>`;
    }
    function positionsOf(moves) {
      const positions = [{ board: Array.from({ length: 16 }, () => null), inHand: null }];
      for (const move of moves) {
        const previous = positions[positions.length - 1];
        const board = [...previous.board];
        if (move.place !== void 0) board[move.place] = previous.inHand;
        positions.push({ board, inHand: move.give ?? null });
      }
      return positions;
    }
    function positionString(state) {
      return [...state.board, state.inHand].map((piece) => piece === null ? "." : pieceChar2(piece)).join("");
    }
    function readPositionString(text) {
      if (!/^[0-9a-fA-F.]{17}$/.test(text)) return null;
      const slots = [...text].map((ch) => ch === "." ? null : Number.parseInt(ch, 16));
      return { board: slots.slice(0, 16), inHand: slots[16] };
    }
    function availablePieces2(state) {
      const used = /* @__PURE__ */ new Set([...state.board, state.inHand]);
      return Array.from({ length: 16 }, (_, piece) => piece).filter((piece) => !used.has(piece));
    }
    return {
      escapeHtml,
      isolateHtml,
      isolateText,
      pieceChar: pieceChar2,
      pieceValues,
      pieceName,
      pieceSvg,
      boardSvg,
      moveHtml,
      positionsOf,
      positionString,
      readPositionString,
      availablePieces: availablePieces2,
      cellNames
    };
  }

  // src/pages/match-view.ts
  function makeMatchViews(draw) {
    const e = draw.escapeHtml;
    function seatName(view, seat) {
      const info = view.seats[seat];
      if (info.kind === "engine") return e(`Engine (${info.level})`);
      return info.name ? draw.isolateHtml(info.name) : `Player ${seat + 1}`;
    }
    function seatNameText(view, seat) {
      const info = view.seats[seat];
      if (info.kind === "engine") return `Engine (${info.level})`;
      return info.name ? draw.isolateText(info.name) : `Player ${seat + 1}`;
    }
    function who(view, seat, ui) {
      return ui.seat === seat ? "You" : seatName(view, seat);
    }
    const whoIn = (view, seat, ui) => ui.seat === seat ? "you" : seatName(view, seat);
    function wins(view, seat, ui, start) {
      return `${start ? who(view, seat, ui) : whoIn(view, seat, ui)} ${ui.seat === seat ? "win" : "wins"}`;
    }
    function seatLabel(view, seat, ui) {
      const name = view.seats[seat].name;
      if (ui.seat === seat) return name ? `You <span class="muted">(${draw.isolateHtml(name)})</span>` : "You";
      return seatName(view, seat);
    }
    function clockText(ms) {
      if (ms === null) return "\u2013";
      const clamped = Math.max(0, ms);
      const minutes = Math.floor(clamped / 6e4);
      const seconds = Math.floor(clamped % 6e4 / 1e3);
      const base = `${minutes}:${String(seconds).padStart(2, "0")}`;
      return clamped < 1e4 ? `${base}.${Math.floor(clamped % 1e3 / 100)}` : base;
    }
    function shapeText(shape2) {
      return `${shape2.kind} ${shape2.cellNames.join(" ")}: all ${shape2.attributes.join(" and ")}`;
    }
    function resultHtml(view, ui) {
      const result = view.result;
      if (!result) return null;
      const shapes = e(result.shapes.map(shapeText).join("; "));
      const detail = result.detail ? ` (${e(result.detail)})` : "";
      if (result.winner === null) {
        if (result.reason === "draw") return "Draw: the board is full and nobody made a Quarto.";
        if (result.reason === "aborted") return "The match was aborted before the first placement.";
        if (result.reason === "cancelled") return `The match was cancelled${detail}.`;
        return `The match ended: ${e(result.reason)}.`;
      }
      const winner = result.winner;
      const loser = winner === 0 ? 1 : 0;
      switch (result.reason) {
        case "quarto":
          return `${wins(view, winner, ui, true)} with a Quarto! ${shapes}`;
        case "claim":
          return `${wins(view, winner, ui, true)} by claiming a missed Quarto: ${shapes}`;
        case "timeout":
          return `${who(view, loser, ui)} ran out of time: ${wins(view, winner, ui, false)}.`;
        case "resignation":
          return `${who(view, loser, ui)} resigned: ${wins(view, winner, ui, false)}.`;
        case "forfeit":
          return `${who(view, loser, ui)} forfeited${detail}: ${wins(view, winner, ui, false)}.`;
      }
      return `${wins(view, winner, ui, true)} (${e(result.reason)}).`;
    }
    function shownPosition(view, ui) {
      if (ui.shownPly === null || ui.shownPly >= view.moves.length) return { board: view.position.json.board, inHand: view.position.json.inHand };
      return draw.positionsOf(view.moves.slice(0, ui.shownPly).map((entry) => entry.move))[ui.shownPly];
    }
    const isLive = (view, ui) => ui.shownPly === null || ui.shownPly >= view.moves.length;
    function myTurn(view, ui) {
      return view.status === "active" && ui.seat !== null && view.turn?.seat === ui.seat && isLive(view, ui) && !ui.busy && ui.connected;
    }
    const verb = (seat, ui, base) => ui.seat === seat ? base : `${base}s`;
    function shownHtml(view, ui) {
      const ply = ui.shownPly ?? 0;
      const total = view.moves.length;
      const first = view.firstSeat;
      if (ply === 0) return `The start, before move 1 of ${total}: ${whoIn(view, first, ui)} ${verb(first, ui, "give")} first.`;
      const entry = view.moves[ply - 1];
      const mover = entry.ply < (view.opening?.plies ?? 0) ? "the opening" : whoIn(view, entry.seat, ui);
      const position = shownPosition(view, ui);
      const next = (first + ply) % 2;
      const then = position.inHand === null ? "" : ` Next, ${whoIn(view, next, ui)} ${verb(next, ui, "place")} the ${draw.pieceName(position.inHand)}.`;
      return `Move ${ply} of ${total}: ${mover} played ${e(entry.text)}.${then}`;
    }
    function statusWords(view, ui) {
      if (!isLive(view, ui)) return shownHtml(view, ui);
      const finished = resultHtml(view, ui);
      if (finished !== null) return finished;
      if (view.status === "waiting") {
        const open = [0, 1].filter((seat) => view.seats[seat].kind === "human" && !view.seats[seat].taken);
        if (ui.seat !== null) return "Waiting for your opponent: send them the link below.";
        if (open.length === 2) return "Waiting for two players to take the seats.";
        return "Waiting for a second player: take the open seat to play.";
      }
      const turn = view.turn;
      if (!turn) return "";
      const mover = seatName(view, turn.seat);
      const piece = turn.piece === null ? "" : draw.pieceName(turn.piece);
      if (ui.seat === turn.seat) {
        if (turn.phase === "give")
          return view.ply === 0 ? "You give first: choose the piece your opponent will place." : "Choose the piece your opponent will place.";
        if (ui.selectedCell === null) return `Your turn: place the ${piece} on an empty cell.`;
        const quarto = view.rules.announce === "manual" ? ", or announce Quarto!" : "";
        return `Now choose the piece to give${quarto} (or pick another cell).`;
      }
      if (view.seats[turn.seat].kind === "engine") return `${mover} is thinking\u2026`;
      return turn.phase === "give" ? `${mover} chooses a piece to give.` : `${mover} places the ${piece}.`;
    }
    function statusHtml(view, ui) {
      const live = isLive(view, ui);
      const kind = !live ? "stepping" : view.status === "finished" ? "finished" : myTurn(view, ui) ? "your-turn" : "waiting";
      const shown = live ? "" : ` data-shown-ply="${ui.shownPly ?? 0}"`;
      return `<p class="status ${kind}" data-status="${view.status}"${shown}>${statusWords(view, ui)}</p>`;
    }
    function clockHtml(view, seat, ms) {
      if (view.clock.kind === "none") return "";
      const timed = view.seats[seat].kind !== "engine";
      return timed ? `<span class="clock" id="clock-${seat}">${clockText(ms)}</span>` : `<span class="clock untimed">untimed</span>`;
    }
    function seatsHtml(view, ui, clocks) {
      return [0, 1].map((seat) => {
        const info = view.seats[seat];
        const classes = ["seat"];
        if (view.status === "active" && view.turn?.seat === seat) classes.push("to-move");
        if (view.result?.winner === seat) classes.push("winner");
        const role = seat === view.firstSeat ? "first to give" : "first to place";
        const open = info.kind === "human" && !info.taken ? ` <em>open</em>` : "";
        return `<div class="${classes.join(" ")}" data-seat="${seat}"><span class="seat-name">${seatLabel(view, seat, ui)}${open}</span><span class="seat-meta"><span class="seat-role">${role}</span>${clockHtml(view, seat, clocks[seat] ?? null)}</span></div>`;
      }).join("");
    }
    function boardHtml(view, ui) {
      const position = shownPosition(view, ui);
      const live = isLive(view, ui);
      const shownMoves = live ? view.moves : view.moves.slice(0, ui.shownPly ?? 0);
      const lastPlaced = [...shownMoves].reverse().find((entry) => entry.move.place !== void 0);
      const canPlace = myTurn(view, ui) && view.turn?.phase === "place";
      const empty = position.board.flatMap((piece, cell) => piece === null ? [cell] : []);
      const highlight = live && view.result ? view.result.shapes.flatMap((shape2) => shape2.cells) : [];
      const tentative = canPlace && ui.selectedCell !== null && position.inHand !== null ? { cell: ui.selectedCell, piece: position.inHand } : null;
      return draw.boardSvg(position.board, {
        highlight,
        playable: canPlace ? empty : [],
        last: lastPlaced?.move.place ?? null,
        tentative,
        label: live ? "The board" : `The board after move ${ui.shownPly}`
      });
    }
    function handHtml(view, ui) {
      const position = shownPosition(view, ui);
      if (position.inHand === null) return `<span class="hand-empty">No piece in hand</span>`;
      const ply = isLive(view, ui) ? view.ply : ui.shownPly ?? view.ply;
      const placer = whoIn(view, (view.firstSeat + ply) % 2, ui);
      return `${draw.pieceSvg(position.inHand, { size: 56 })}<span>In hand, for ${placer} to place</span>`;
    }
    function poolHtml(view, ui) {
      const position = shownPosition(view, ui);
      const turn = view.turn;
      const canGive = myTurn(view, ui) && turn !== null && (turn.phase === "give" || ui.selectedCell !== null);
      const pieces = draw.availablePieces(position);
      if (pieces.length === 0) return `<p class="muted pool-empty">Every piece is on the board.</p>`;
      return pieces.map((piece) => {
        const svg = draw.pieceSvg(piece, { size: 44 });
        return canGive ? `<button type="button" class="pool-piece playable" data-piece="${piece}" aria-label="Give ${e(draw.pieceName(piece))}">${svg}</button>` : `<span class="pool-piece" data-piece="${piece}">${svg}</span>`;
      }).join("");
    }
    const MISTAKE_WORDS = {
      placement: "the placement lost it",
      give: "the piece given lost it",
      announcement: "the Quarto was not announced",
      claim: "the missed Quarto was not claimed"
    };
    function valueWords(value, plies) {
      if (value === null) return "not solved";
      return plies === void 0 || value === "draw" ? value : `${value} in ${plies}`;
    }
    function reviewHtml(view, review) {
      const seatValue = (move, seat) => {
        if (move.after === null) return null;
        if (move.seat === seat) return move.after;
        return move.after === "win" ? "loss" : move.after === "loss" ? "win" : "draw";
      };
      const rows = [0, 1].map((seat) => {
        const summary4 = review.seats[seat];
        const cells = review.moves.map((move) => {
          const value = seatValue(move, seat);
          const mark = move.mistake && move.seat === seat ? " mistake" : "";
          const title = `after move ${move.ply + 1} (${move.move}): ${valueWords(value, move.afterPliesToEnd)} for ${seatNameText(view, seat)}`;
          const plies = value === "win" || value === "loss" ? move.afterPliesToEnd ?? "" : "";
          return `<td class="value ${value ?? "unknown"}${mark}" title="${e(title)}">${mark ? "\u2717" : plies}</td>`;
        });
        const accuracy = summary4.accuracy === null ? "\u2013" : `${Math.round(summary4.accuracy * 100)}%`;
        return `<tr><th scope="row">${seatName(view, seat)}</th>${cells.join("")}<td class="accuracy" title="moves that kept the value">${accuracy}</td></tr>`;
      });
      const numbers = review.moves.map((move) => `<th scope="col">${move.ply + 1}</th>`).join("");
      const strip = `<div class="strip-wrap"><table class="strip"><thead><tr><th></th>${numbers}<th>accuracy</th></tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
      const positions = draw.positionsOf(view.moves.map((entry) => entry.move));
      const mistakes = review.moves.filter((move) => move.mistake);
      const list = mistakes.map((move) => {
        const mistake = move.mistake;
        const before = draw.positionString(positions[move.ply]);
        const better = mistake.better.length > 0 ? ` Kept it: ${mistake.better.map((text) => `<code>${draw.moveHtml(text)}</code>`).join(", ")}.` : "";
        return `<li class="mistake-item" data-review-ply="${move.ply}"><span class="ply">${move.ply + 1}.</span> ${seatName(view, move.seat)} <code>${draw.moveHtml(move.move)}</code>: ${mistake.from} \u2192 ${mistake.to}, ${MISTAKE_WORDS[mistake.kind] ?? mistake.kind} (<b>${mistake.kind}</b>).${better} <button type="button" data-review-show="${move.ply}">Show the position</button> <a href="/analyze?position=${encodeURIComponent(before)}">Analyze it</a></li>`;
      });
      const summary3 = mistakes.length === 0 ? `<p>No mistake: every move kept the value it found.</p>` : `<ul class="mistakes">${list.join("")}</ul>`;
      return `<h2>Review</h2><p class="muted">Every move valued exactly by the solved game: green a win, grey a draw, red a loss for that player after each move, with the placements left to the end; \u2717 marks a mistake.</p>${strip}${summary3}`;
    }
    function movesHtml(view, ui, review) {
      const current = ui.shownPly ?? view.moves.length;
      const start = `<li><button type="button" class="move${current === 0 ? " current" : ""}" data-ply="0">Start</button></li>`;
      const openingPlies2 = view.opening?.plies ?? 0;
      const items = view.moves.map((entry) => {
        const ply = entry.ply + 1;
        const mover = entry.ply < openingPlies2 ? `<span class="muted">Opening</span>` : who(view, entry.seat, ui);
        const mistake = review?.moves[entry.ply]?.mistake;
        const flag = mistake ? ` <span class="mistake-flag" title="${e(`${mistake.from} \u2192 ${mistake.to}: ${MISTAKE_WORDS[mistake.kind] ?? mistake.kind}`)}">\u2717 ${mistake.kind}</span>` : "";
        const bot = entry.ply < openingPlies2 ? null : ui.callsOf?.[entry.seat] ?? null;
        const call = bot ? `<a class="call-link" href="/bots/${e(bot)}?matchId=${e(view.id)}&amp;ply=${entry.ply}#calls" title="${e(`What ${seatNameText(view, entry.seat)} was sent and answered for this move`)}">call</a>` : "";
        return `<li><button type="button" class="move${current === ply ? " current" : ""}" data-ply="${ply}"><span class="ply">${ply}.</span> ${mover} <code>${draw.moveHtml(entry.text)}</code>${flag}</button>${call}</li>`;
      });
      return `<ol class="moves${view.status === "finished" ? " whole" : ""}">${start}${items.join("")}</ol>`;
    }
    function actions(view, ui) {
      const mine = ui.seat !== null && view.status !== "finished" && !ui.busy;
      const turn = view.turn;
      const placing = myTurn(view, ui) && turn?.phase === "place";
      const manual = view.rules.announce === "manual";
      const placements = view.moves.filter((entry) => entry.move.place !== void 0).length;
      const people = view.seats.every((seat) => seat.kind === "human");
      return {
        quarto: placing && manual && ui.selectedCell !== null,
        claim: placing && manual && view.rules.missedClaim && ui.selectedCell === null && view.ply > 1,
        resign: mine && view.status === "active",
        abort: mine && placements === 0,
        join: ui.seat === null && view.status === "waiting",
        // A seat holder may ask for a rematch of a match between people or against the engine (not a tournament game).
        rematch: ui.seat !== null && view.status === "finished" && view.seats.every((seat) => seat.kind !== "bot") && !ui.busy,
        // No link to the engine's value of every move while two people play each other (it would tell one of them the answer).
        analyze: !(people && view.status !== "finished")
      };
    }
    function rematchRequest(view, ui) {
      const seats = [1, 0].map((old) => {
        const info = view.seats[old];
        if (info.kind === "engine") return { kind: "engine", level: info.level ?? void 0 };
        const name = info.name ? { name: info.name } : {};
        return old === ui.seat ? { kind: "human", take: true, ...name } : { kind: "human", take: false, ...name };
      });
      return { rules: view.rules, clock: view.clock, firstSeat: view.firstSeat, seats };
    }
    return {
      clockText,
      statusHtml,
      seatsHtml,
      boardHtml,
      handHtml,
      poolHtml,
      movesHtml,
      reviewHtml,
      actions,
      rematchRequest,
      myTurn,
      shownPosition
    };
  }

  // src/engine/board.ts
  var MAX_SHAPES = 19;
  var MAX_SHAPES_PER_CELL = 8;
  var UNDO_DEPTHS = 18;
  var shapeMasks = new Int32Array(MAX_SHAPES);
  var cellShapes = new Uint8Array(16 * MAX_SHAPES_PER_CELL);
  var cellShapeCount = new Uint8Array(16);
  var cellShapeSet = new Int32Array(16);
  var pieceClass = new Int32Array(16);
  var shapeState = new Int32Array(MAX_SHAPES);
  var cellPiece = new Int8Array(16);
  var undo = new Int32Array(UNDO_DEPTHS * MAX_SHAPES_PER_CELL);
  var undoThree = new Int32Array(UNDO_DEPTHS);
  var undoTwo = new Int32Array(UNDO_DEPTHS);
  var undoLive = new Int32Array(UNDO_DEPTHS);
  var threatsAt = new Int32Array(16);
  var WIN_PIECES = new Uint16Array(256);
  for (let common = 0; common < 256; common++) {
    const set = common & 15;
    const clear = common >> 4;
    for (let piece = 0; piece < 16; piece++) if (piece & set | ~piece & clear & 15) WIN_PIECES[common] |= 1 << piece;
  }
  var PLACE_MASK = new Int32Array(16);
  for (let piece = 0; piece < 16; piece++) PLACE_MASK[piece] = 15 | piece << 4 | (~piece & 15) << 8;
  var PIECES_WITH_BIT = new Int32Array(4);
  for (let piece = 0; piece < 16; piece++) for (let bit = 0; bit < 4; bit++) if (piece & 1 << bit) PIECES_WITH_BIT[bit] |= 1 << piece;

  // src/engine/score.ts
  var PROVEN = 1e3;

  // src/engine/budget.ts
  var sliceEnd = Number.POSITIVE_INFINITY;
  var BudgetExhausted = class extends Error {
  };
  var BUDGET_EXHAUSTED = new BudgetExhausted("node budget exhausted");
  var SliceEnd = class extends Error {
  };
  var SLICE_END = new SliceEnd("slice ended");

  // src/engine/random.ts
  function seededRandom(seed) {
    let state = seed >>> 0;
    return function nextRandom() {
      state = state + 1831565813 | 0;
      let t = Math.imul(state ^ state >>> 15, 1 | state);
      t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t;
      return ((t ^ t >>> 14) >>> 0) / 4294967296;
    };
  }
  function randomIndex(random, n) {
    return Math.floor(random() * n);
  }
  function shuffleInPlace(items, random) {
    for (let i = items.length - 1; i > 0; i--) {
      const j = randomIndex(random, i + 1);
      const swap = items[i];
      items[i] = items[j];
      items[j] = swap;
    }
    return items;
  }

  // src/engine/table.ts
  var WORDS_PER_ENTRY = 3;
  var SCORE_OFFSET = 17;
  var TABLE_BUCKET_BITS = 20;
  var TABLE_BYTES = (1 << TABLE_BUCKET_BITS) * 2 * WORDS_PER_ENTRY * 4;
  var allocations = 0;
  var TranspositionTable = class {
    words = new Int32Array(0);
    generation = 0;
    shift = 32 - TABLE_BUCKET_BITS;
    bank = 0;
    /** The words and generation of the bank not in use (the one in use lives in `words` and `generation`). */
    parked = [
      { words: new Int32Array(0), generation: 0, generationId: 0 },
      { words: new Int32Array(0), generation: 0, generationId: 0 }
    ];
    /** Switches to `bank`: the hot path keeps reading `words` and `generation`, swapped here. */
    useBank(bank) {
      if (bank === this.bank) return;
      this.parked[this.bank] = { words: this.words, generation: this.generation, generationId: this.generationId };
      const next = this.parked[bank];
      this.words = next.words;
      this.generation = next.generation;
      this.generationId = next.generationId;
      this.bank = bank;
    }
    /** Generations started in this isolate, all banks: a sliced request checks no other one started in its bank meanwhile. */
    generationsStarted = 0;
    /** An id of the generation in use, unique in this isolate (the 4-bit generation wraps around). */
    generationId = 0;
    get currentGeneration() {
      return this.generationId;
    }
    /** Starts a new request's search: earlier entries no longer count. Allocates on first use. */
    newGeneration() {
      this.generationId = ++this.generationsStarted;
      if (this.words.length === 0) {
        this.words = new Int32Array(TABLE_BYTES / 4);
        allocations++;
      }
      this.generation++;
      if (this.generation > 15) {
        this.words.fill(0);
        this.generation = 1;
      }
    }
    /** Bytes of every bank allocated so far. */
    get bytes() {
      return this.words.byteLength + (this.parked[this.bank === 0 ? 1 : 0]?.words.byteLength ?? 0);
    }
    bucket(high, low, occupancy) {
      const hash = Math.imul(high ^ Math.imul(low, 2654435761) ^ Math.imul(occupancy + 374761393, 2246822519), 3266489917);
      return ((hash ^ hash >>> 15) >>> this.shift) * 2 * WORDS_PER_ENTRY;
    }
    /** The word offset of the entry for this key, or -1. */
    find(high, low, occupancy) {
      const words = this.words;
      const base = this.bucket(high, low, occupancy);
      const tag = occupancy << 16 >>> 0;
      let word = words[base + 2];
      if (words[base] === high && words[base + 1] === low && (word & 4294901760) >>> 0 === tag && (word & 15) === this.generation) return base;
      word = words[base + 5];
      if (words[base + 3] === high && words[base + 4] === low && (word & 4294901760) >>> 0 === tag && (word & 15) === this.generation) return base + 3;
      return -1;
    }
    lower(entry) {
      return (this.words[entry + 2] >> 10 & 63) - SCORE_OFFSET;
    }
    upper(entry) {
      return (this.words[entry + 2] >> 4 & 63) - SCORE_OFFSET;
    }
    /** Records bounds for a key, tightening what an existing entry knows; prefers keeping bigger subtrees. */
    store(high, low, occupancy, lower, upper, empties) {
      const words = this.words;
      let entry = this.find(high, low, occupancy);
      if (entry >= 0) {
        const oldLower = this.lower(entry);
        const oldUpper = this.upper(entry);
        if (oldLower > lower) lower = oldLower;
        if (oldUpper < upper) upper = oldUpper;
      } else {
        entry = this.bucket(high, low, occupancy);
        const word = words[entry + 2];
        const keep = (word & 15) === this.generation && 16 - popcount(word >>> 16) > empties;
        if (keep) entry += WORDS_PER_ENTRY;
      }
      words[entry] = high;
      words[entry + 1] = low;
      words[entry + 2] = occupancy << 16 | lower + SCORE_OFFSET << 10 | upper + SCORE_OFFSET << 4 | this.generation;
    }
  };
  var table = new TranspositionTable();

  // src/engine/exact.ts
  var BUFFER_DEPTHS = 18;
  var moveCell = new Int8Array(BUFFER_DEPTHS * 16);
  var moveSafe = new Int32Array(BUFFER_DEPTHS * 16);
  var moveKey = new Float64Array(BUFFER_DEPTHS * 16);
  var giveOrder = new Int8Array(BUFFER_DEPTHS * 16);
  var giveWeight = new Int32Array(BUFFER_DEPTHS * 16);
  var cellHistory = new Int32Array(16);
  var HISTORY_BASE = 2 ** 24;

  // src/engine/heuristic.ts
  var PROVEN2 = PROVEN;
  var UNKNOWN = 4 * PROVEN2;
  var moveCell2 = new Int8Array(17 * 16);
  var moveSafe2 = new Int32Array(17 * 16);

  // src/engine/slices.ts
  var DEFAULT_SLICE_NODES = 2e4;

  // src/engine/scheduler.ts
  var ENGINE_PRIORITIES = ["interactive", "background", "idle"];
  var EngineBusy = class extends Error {
    retryAfterS;
    constructor(retryAfterS, waiting) {
      super(`the engine is busy: ${waiting} searches are waiting; retry in ${retryAfterS} s`);
      this.retryAfterS = retryAfterS;
    }
  };
  var ASSUMED_NODES_PER_SECOND = 2e6;
  var DEFAULT_QUEUE_LENGTH = 16;
  var STARVATION_SLICES = 8;
  var IDLE_STARVATION_SLICES = 32;
  var FRONT_POLL_MS = 2;
  var QUEUED_POLL_MS = 25;
  var FAR_POLL_MS = 250;
  var NEAR_LINE = 16;
  var STALE_STARTED_MS = 15e3;
  var STALE_WAITER_MS = 2e3;
  var sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  var EngineScheduler = class {
    lines = { interactive: [], background: [], idle: [] };
    /** Per class: slices given to higher classes since it last had one, while it had work waiting. */
    passedOver = { interactive: 0, background: 0, idle: 0 };
    numbers = /* @__PURE__ */ new Map();
    arrivals = 0;
    queueLength;
    nodesPerSecond;
    /** When set, every slice given is appended (tests). */
    trace = null;
    constructor(options = { queueLength: DEFAULT_QUEUE_LENGTH }) {
      this.queueLength = options.queueLength;
      this.nodesPerSecond = options.nodesPerSecond ?? ASSUMED_NODES_PER_SECOND;
    }
    /** Searches of `priority` in line, the one in progress included. */
    inLine(priority) {
      return this.lines[priority].length;
    }
    /** Searches waiting, in both classes, not counting the one in progress in each. */
    get waiting() {
      return ENGINE_PRIORITIES.reduce((sum, priority) => sum + Math.max(0, this.lines[priority].length - 1), 0);
    }
    /** Seconds an API search arriving now would expect to wait: every interactive budget ahead of it. */
    expectedWaitS() {
      const nodes = this.lines.interactive.reduce((sum, search) => sum + search.budget, 0);
      return Math.max(1, Math.ceil(nodes / this.nodesPerSecond));
    }
    /**
     * Runs `task` as one search of `options.priority`: `task` gets `pause`, which it awaits between its
     * slices (runSliced's pause) and which resolves when its next slice may run. The first slice waits its
     * turn before `task` starts. A refusable search beyond the interactive line's length throws EngineBusy.
     */
    async run(options, budget, task) {
      const search = { priority: options.priority, budget, refusable: options.refusable === true, seen: Date.now(), slices: 0 };
      const line = this.lines[search.priority];
      if (search.refusable && line.filter((other) => other.refusable).length > this.queueLength) {
        throw new EngineBusy(this.expectedWaitS(), line.length);
      }
      line.push(search);
      this.numbers.set(search, ++this.arrivals);
      try {
        await this.turn(search);
        return await task(async () => {
          await sleep(0);
          await this.turn(search);
        });
      } finally {
        this.leave(search);
      }
    }
    leave(search) {
      const line = this.lines[search.priority];
      const index = line.indexOf(search);
      if (index >= 0) line.splice(index, 1);
      this.numbers.delete(search);
      if (line.length === 0) this.passedOver[search.priority] = 0;
    }
    /** Resolves when `search` may run its next slice, and counts that slice as given. */
    async turn(search) {
      for (; ; ) {
        if (this.mayRun(search)) {
          this.give(search);
          return;
        }
        const place = this.lines[search.priority].indexOf(search);
        await sleep(place <= 1 ? FRONT_POLL_MS : place < NEAR_LINE ? QUEUED_POLL_MS : FAR_POLL_MS);
      }
    }
    give(search) {
      search.slices++;
      this.passedOver[search.priority] = 0;
      for (const lower of ENGINE_PRIORITIES.slice(ENGINE_PRIORITIES.indexOf(search.priority) + 1)) if (this.lines[lower].length > 0) this.passedOver[lower]++;
      if (this.trace) this.trace.push({ priority: search.priority, search: this.numbers.get(search) ?? 0 });
    }
    /** A poll: whether `search` is at the front of its class and its class has the next slice. */
    mayRun(search) {
      const now = Date.now();
      search.seen = now;
      const line = this.lines[search.priority];
      if (!line.includes(search)) line.unshift(search);
      this.dropStale(now);
      if (line[0] !== search) return false;
      return this.classToRun() === search.priority;
    }
    /**
     * The class the next slice goes to: background work passed over for STARVATION_SLICES slices, or idle
     * work passed over for IDLE_STARVATION_SLICES, else the highest with work.
     */
    classToRun() {
      const waiting = ENGINE_PRIORITIES.filter((priority) => this.lines[priority].length > 0);
      const owed = waiting.find((priority) => this.passedOver[priority] >= (priority === "idle" ? IDLE_STARVATION_SLICES : STARVATION_SLICES));
      return owed ?? waiting[0] ?? null;
    }
    /** Drops, from the front of each class, searches not heard from in time. */
    dropStale(now) {
      for (const priority of ENGINE_PRIORITIES) {
        const line = this.lines[priority];
        for (; ; ) {
          const front = line[0];
          if (front === void 0 || now - front.seen <= (front.slices > 0 ? STALE_STARTED_MS : STALE_WAITER_MS)) break;
          line.shift();
        }
      }
    }
  };
  var turns = { scheduler: new EngineScheduler(), sliceNodes: DEFAULT_SLICE_NODES };

  // src/tournament/rating.ts
  var RATING_ORIGIN = 1500;
  var PRIOR_SD_ELO = 400;
  var ELO_PER_NAT = 400 / Math.LN10;
  var logistic = (x) => 1 / (1 + Math.exp(-x));
  function inverse(matrix) {
    const n = matrix.length;
    const work = matrix.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => i === j ? 1 : 0)]);
    for (let col = 0; col < n; col++) {
      let pivot = col;
      for (let row = col + 1; row < n; row++) if (Math.abs(work[row][col]) > Math.abs(work[pivot][col])) pivot = row;
      [work[col], work[pivot]] = [work[pivot], work[col]];
      const scale = work[col][col];
      for (let j = 0; j < 2 * n; j++) work[col][j] /= scale;
      for (let row = 0; row < n; row++) {
        if (row === col) continue;
        const factor = work[row][col];
        if (factor === 0) continue;
        for (let j = 0; j < 2 * n; j++) work[row][j] -= factor * work[col][j];
      }
    }
    return work.map((row) => row.slice(n));
  }
  var DENSE_FIT_PLAYERS = 64;
  function fitRatings(players, games) {
    if (players.length > DENSE_FIT_PLAYERS) return fitRatingsByPlayer(players, games);
    const n = players.length;
    const indexOf = new Map(players.map((player, index) => [player, index]));
    const pairs = games.map((game) => {
      const a = indexOf.get(game.a);
      const b = indexOf.get(game.b);
      if (a === void 0 || b === void 0) throw new RangeError(`rating: unknown player in game ${game.a} vs ${game.b}`);
      return { a, b, score: game.scoreA };
    });
    const priorPrecision = 1 / (PRIOR_SD_ELO / ELO_PER_NAT) ** 2;
    const objective = (r2) => {
      let total = 0;
      for (const { a, b, score } of pairs) {
        const p = logistic(r2[a] - r2[b]);
        total += score * Math.log(p) + (1 - score) * Math.log(1 - p);
      }
      for (const value of r2) total -= priorPrecision * value * value / 2;
      return total;
    };
    const hessianAt = (r2) => {
      const h = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_2, j) => i === j ? priorPrecision : 0));
      for (const { a, b } of pairs) {
        const p = logistic(r2[a] - r2[b]);
        const w = p * (1 - p);
        h[a][a] += w;
        h[b][b] += w;
        h[a][b] -= w;
        h[b][a] -= w;
      }
      return h;
    };
    let r = new Array(n).fill(0);
    for (let iteration = 0; iteration < 100; iteration++) {
      const gradient = r.map((value) => -priorPrecision * value);
      for (const { a, b, score } of pairs) {
        const residual = score - logistic(r[a] - r[b]);
        gradient[a] += residual;
        gradient[b] -= residual;
      }
      if (Math.max(0, ...gradient.map(Math.abs)) < 1e-12) break;
      const covariance2 = inverse(hessianAt(r));
      const step2 = covariance2.map((row) => row.reduce((sum, value, j) => sum + value * gradient[j], 0));
      const before = objective(r);
      let length = 1;
      let next = r.map((value, i) => value + step2[i]);
      while (objective(next) < before - 1e-12 * Math.max(1, Math.abs(before)) && length > 1e-6) {
        length /= 2;
        next = r.map((value, i) => value + length * step2[i]);
      }
      r = next;
      if (Math.max(0, ...step2.map(Math.abs)) < 1e-12) break;
    }
    const covariance = inverse(hessianAt(r));
    return new Map(players.map((player, i) => [player, { rating: RATING_ORIGIN + r[i] * ELO_PER_NAT, deviation: Math.sqrt(covariance[i][i]) * ELO_PER_NAT }]));
  }
  function fitRatingsByPlayer(players, games) {
    const n = players.length;
    const indexOf = new Map(players.map((player, index) => [player, index]));
    const opponents = players.map(() => []);
    const scores = players.map(() => []);
    for (const game of games) {
      const a = indexOf.get(game.a);
      const b = indexOf.get(game.b);
      if (a === void 0 || b === void 0) throw new RangeError(`rating: unknown player in game ${game.a} vs ${game.b}`);
      opponents[a].push(b);
      scores[a].push(game.scoreA);
      opponents[b].push(a);
      scores[b].push(1 - game.scoreA);
    }
    const priorPrecision = 1 / (PRIOR_SD_ELO / ELO_PER_NAT) ** 2;
    const r = new Float64Array(n);
    for (let sweep = 0; sweep < 500; sweep++) {
      let moved = 0;
      for (let i = 0; i < n; i++) {
        let gradient = -priorPrecision * r[i];
        let h = priorPrecision;
        const against = opponents[i];
        const got = scores[i];
        for (let k = 0; k < against.length; k++) {
          const p = logistic(r[i] - r[against[k]]);
          gradient += got[k] - p;
          h += p * (1 - p);
        }
        const step2 = Math.max(-1, Math.min(1, gradient / h));
        r[i] += step2;
        moved = Math.max(moved, Math.abs(step2));
      }
      if (moved < 1e-9) break;
    }
    const diagonal = new Float64Array(n).fill(priorPrecision);
    const weights = players.map(() => /* @__PURE__ */ new Map());
    for (let i = 0; i < n; i++) {
      for (const j of opponents[i]) {
        const p = logistic(r[i] - r[j]);
        diagonal[i] += p * (1 - p);
        weights[i].set(j, (weights[i].get(j) ?? 0) + p * (1 - p));
      }
    }
    const variance = (i) => {
      let spill = 0;
      for (const [j, w] of weights[i]) spill += w * w / diagonal[j];
      return 1 / diagonal[i] + spill / (diagonal[i] * diagonal[i]) + 1 / (n * priorPrecision);
    };
    return new Map(players.map((player, i) => [player, { rating: RATING_ORIGIN + r[i] * ELO_PER_NAT, deviation: Math.sqrt(variance(i)) * ELO_PER_NAT }]));
  }

  // src/tournament/ladder.ts
  var ELO_PER_NAT2 = 400 / Math.LN10;
  var PRIOR_PRECISION = 1 / (PRIOR_SD_ELO / ELO_PER_NAT2) ** 2;

  // src/tournament/openings/classic.json
  var classic_default = {
    name: "classic",
    rules: {
      squares: false
    },
    description: "32 positions 6 plies deep, exact draws in which the player to move has the fewest moves that keep the draw",
    generator: {
      script: "scripts/openings.ts",
      seed: 1,
      plies: 6,
      candidates: 240,
      count: 32,
      maxNodes: 5e7,
      nodes: 234032449,
      dropped: {
        ended: 0,
        repeated: 0,
        unsolved: 0,
        notDrawn: 1
      },
      draws: 239
    },
    openings: [
      {
        name: "classic/01",
        moves: [
          "-1",
          "d2-9",
          "a2-0",
          "d4-2",
          "c4-F",
          "c2-C"
        ],
        position: "....9.F1......20C",
        drawingMoves: 4,
        legalMoves: 110
      },
      {
        name: "classic/02",
        moves: [
          "-F",
          "c3-6",
          "b3-D",
          "a1-C",
          "a2-0",
          "d2-A"
        ],
        position: "D...C..0.6F.....A",
        drawingMoves: 7,
        legalMoves: 110
      },
      {
        name: "classic/03",
        moves: [
          "-4",
          "a3-B",
          "c2-1",
          "a1-9",
          "a4-F",
          "d1-6"
        ],
        position: "1..F..B.4...9...6",
        drawingMoves: 9,
        legalMoves: 110
      },
      {
        name: "classic/04",
        moves: [
          "-1",
          "c4-E",
          "b3-7",
          "b4-F",
          "a4-0",
          "d2-A"
        ],
        position: ".......0.E..F71.A",
        drawingMoves: 10,
        legalMoves: 110
      },
      {
        name: "classic/05",
        moves: [
          "-5",
          "c1-7",
          "a2-9",
          "b4-2",
          "a4-6",
          "a3-D"
        ],
        position: "..5.7...6...29..D",
        drawingMoves: 10,
        legalMoves: 110
      },
      {
        name: "classic/06",
        moves: [
          "-C",
          "a1-F",
          "b4-5",
          "d1-E",
          "d4-8",
          "c3-7"
        ],
        position: "C..5......8..F.E7",
        drawingMoves: 10,
        legalMoves: 110
      },
      {
        name: "classic/07",
        moves: [
          "-B",
          "a2-7",
          "d1-4",
          "b4-0",
          "c1-5",
          "b1-D"
        ],
        position: ".507B........4..D",
        drawingMoves: 11,
        legalMoves: 110
      },
      {
        name: "classic/08",
        moves: [
          "-9",
          "a4-B",
          "a1-2",
          "d4-E",
          "c1-A",
          "c4-5"
        ],
        position: "B.E.........9.A25",
        drawingMoves: 11,
        legalMoves: 110
      },
      {
        name: "classic/09",
        moves: [
          "-F",
          "a1-D",
          "d2-2",
          "b3-C",
          "d4-7",
          "a2-4"
        ],
        position: "F...7..D.2.....C4",
        drawingMoves: 12,
        legalMoves: 110
      },
      {
        name: "classic/10",
        moves: [
          "-A",
          "d1-2",
          "c2-1",
          "c4-6",
          "a2-0",
          "c1-D"
        ],
        position: "..0A6.2.......1.D",
        drawingMoves: 13,
        legalMoves: 110
      },
      {
        name: "classic/11",
        moves: [
          "-D",
          "d3-7",
          "a2-B",
          "d2-F",
          "c2-8",
          "b1-4"
        ],
        position: ".8..7.FB...D....4",
        drawingMoves: 13,
        legalMoves: 110
      },
      {
        name: "classic/12",
        moves: [
          "-4",
          "a3-5",
          "a1-A",
          "c1-B",
          "c2-D",
          "d1-1"
        ],
        position: "5.AD..B.4.......1",
        drawingMoves: 14,
        legalMoves: 110
      },
      {
        name: "classic/13",
        moves: [
          "-6",
          "a4-5",
          "d1-4",
          "b4-0",
          "d4-9",
          "c3-B"
        ],
        position: "...5......9.64.0B",
        drawingMoves: 15,
        legalMoves: 110
      },
      {
        name: "classic/14",
        moves: [
          "-E",
          "a4-7",
          "b4-0",
          "c3-D",
          "b2-9",
          "b1-C"
        ],
        position: ".9...D....0.E7..C",
        drawingMoves: 15,
        legalMoves: 110
      },
      {
        name: "classic/15",
        moves: [
          "-4",
          "a4-6",
          "a3-8",
          "c4-E",
          "d2-5",
          "b4-A"
        ],
        position: ".......E6...458.A",
        drawingMoves: 16,
        legalMoves: 110
      },
      {
        name: "classic/16",
        moves: [
          "-6",
          "b3-E",
          "a4-A",
          "d2-1",
          "d3-2",
          "c2-9"
        ],
        position: "......2A.6.1E...9",
        drawingMoves: 16,
        legalMoves: 110
      },
      {
        name: "classic/17",
        moves: [
          "-D",
          "c2-0",
          "d1-A",
          "c4-E",
          "c3-5",
          "a2-3"
        ],
        position: "...05.D...E...A.3",
        drawingMoves: 17,
        legalMoves: 110
      },
      {
        name: "classic/18",
        moves: [
          "-F",
          "d3-A",
          "b3-9",
          "d1-B",
          "a3-5",
          "b4-1"
        ],
        position: "...9....BA.F.5..1",
        drawingMoves: 18,
        legalMoves: 110
      },
      {
        name: "classic/19",
        moves: [
          "-6",
          "c1-1",
          "a3-4",
          "c4-F",
          "d1-7",
          "d2-B"
        ],
        position: "..6F...71.....4.B",
        drawingMoves: 18,
        legalMoves: 110
      },
      {
        name: "classic/20",
        moves: [
          "-3",
          "d4-C",
          "c1-2",
          "a4-0",
          "c4-F",
          "d1-E"
        ],
        position: "..CF........2.03E",
        drawingMoves: 18,
        legalMoves: 110
      },
      {
        name: "classic/21",
        moves: [
          "-0",
          "a1-6",
          "d4-1",
          "a3-9",
          "b3-2",
          "d2-B"
        ],
        position: "0......219.....6B",
        drawingMoves: 19,
        legalMoves: 110
      },
      {
        name: "classic/22",
        moves: [
          "-C",
          "a2-0",
          "b1-3",
          "c1-8",
          "b4-9",
          "a1-E"
        ],
        position: "903.C........8..E",
        drawingMoves: 19,
        legalMoves: 110
      },
      {
        name: "classic/23",
        moves: [
          "-9",
          "a4-1",
          "d4-C",
          "d2-4",
          "a3-B",
          "b4-E"
        ],
        position: ".......C4...9B.1E",
        drawingMoves: 20,
        legalMoves: 110
      },
      {
        name: "classic/24",
        moves: [
          "-9",
          "d4-F",
          "a1-2",
          "c2-5",
          "c1-8",
          "d3-B"
        ],
        position: "F.5...2....8...9B",
        drawingMoves: 22,
        legalMoves: 110
      },
      {
        name: "classic/25",
        moves: [
          "-C",
          "c1-5",
          "d3-A",
          "c2-B",
          "a3-1",
          "b3-E"
        ],
        position: "..C...A.B1.5....E",
        drawingMoves: 23,
        legalMoves: 110
      },
      {
        name: "classic/26",
        moves: [
          "-4",
          "c3-7",
          "a1-E",
          "b4-0",
          "d1-5",
          "c1-C"
        ],
        position: "7.50......4..E..C",
        drawingMoves: 23,
        legalMoves: 110
      },
      {
        name: "classic/27",
        moves: [
          "-E",
          "b4-2",
          "a2-D",
          "c4-1",
          "d2-7",
          "b1-6"
        ],
        position: ".7..2..1.....ED.6",
        drawingMoves: 26,
        legalMoves: 110
      },
      {
        name: "classic/28",
        moves: [
          "-4",
          "a3-F",
          "d3-2",
          "a4-B",
          "c2-D",
          "d2-9"
        ],
        position: "......BD4..F2...9",
        drawingMoves: 27,
        legalMoves: 110
      },
      {
        name: "classic/29",
        moves: [
          "-6",
          "c4-F",
          "a3-B",
          "b1-1",
          "a1-A",
          "d1-7"
        ],
        position: "1B.A....F.....6.7",
        drawingMoves: 27,
        legalMoves: 110
      },
      {
        name: "classic/30",
        moves: [
          "-2",
          "c4-5",
          "c2-3",
          "a4-D",
          "b3-6",
          "c3-E"
        ],
        position: "......5..D6.3.2.E",
        drawingMoves: 28,
        legalMoves: 110
      },
      {
        name: "classic/31",
        moves: [
          "-9",
          "c2-B",
          "c4-4",
          "b2-F",
          "d4-2",
          "d3-5"
        ],
        position: ".....49....2..BF5",
        drawingMoves: 28,
        legalMoves: 110
      },
      {
        name: "classic/32",
        moves: [
          "-5",
          "c3-4",
          "c1-3",
          "b1-C",
          "a3-1",
          "b2-2"
        ],
        position: ".34..1..C.5.....2",
        drawingMoves: 28,
        legalMoves: 110
      }
    ]
  };

  // src/tournament/openings/classic-unbalanced.json
  var classic_unbalanced_default = {
    name: "classic-unbalanced",
    rules: {
      squares: false
    },
    description: "32 positions with 12 empty cells, exact wins for the player to move that the search alone does not prove within 400000 nodes, with the fewest winning moves (1 to 1), at most 2 per board shape",
    generator: {
      script: "scripts/unbalanced-openings.ts",
      book: "classic-12",
      seed: 1,
      empties: [
        12,
        14
      ],
      tiers: {
        "12": {
          entries: 91558,
          wins: 9361,
          winsAtOnce: 6402
        },
        "13": {
          entries: 3382,
          wins: 66,
          winsAtOnce: 66
        },
        "14": {
          entries: 148,
          wins: 0,
          winsAtOnce: 0
        }
      },
      candidates: 2959,
      sampled: 400,
      horizonNodes: 4e5,
      deep: 143,
      count: 32,
      perShape: 2,
      maxNodes: 1e8,
      nodes: 1084079927,
      unsolved: 0,
      shapes: 57
    },
    openings: [
      {
        name: "classic-unbalanced/01",
        moves: [
          "-E",
          "b2-2",
          "c2-F",
          "d2-1",
          "a3-0"
        ],
        position: ".....E2F1.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "a4-C"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/02",
        moves: [
          "-F",
          "b2-3",
          "c2-E",
          "d2-1",
          "a3-0"
        ],
        position: ".....F3E1.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "a4-C"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/03",
        moves: [
          "-1",
          "d1-4",
          "c2-3",
          "d2-F",
          "a3-0"
        ],
        position: "...1..43F.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "c1-A"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/04",
        moves: [
          "-4",
          "d1-2",
          "a2-3",
          "d2-1",
          "a3-0"
        ],
        position: "...42..31.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "d3-9"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/05",
        moves: [
          "-8",
          "d1-7",
          "b2-4",
          "c2-3",
          "a3-0"
        ],
        position: "...8.74.3.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "c1-C"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/06",
        moves: [
          "-D",
          "d1-3",
          "a2-B",
          "d2-7",
          "a3-0"
        ],
        position: "...D3..B7.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "b4-E"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/07",
        moves: [
          "-E",
          "d1-3",
          "b2-F",
          "c2-1",
          "b3-0"
        ],
        position: "...E.3F..1......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "a3-D"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/08",
        moves: [
          "-E",
          "d1-1",
          "a2-4",
          "c2-3",
          "a3-0"
        ],
        position: "...E1.4.3.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "c3-9"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/09",
        moves: [
          "-E",
          "d1-7",
          "a2-1",
          "b2-3",
          "a3-0"
        ],
        position: "...E71..3.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "b4-D"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/10",
        moves: [
          "-5",
          "c1-3",
          "d1-1",
          "c2-F",
          "a3-0"
        ],
        position: "..53..1.F.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "d2-6"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/11",
        moves: [
          "-6",
          "c1-8",
          "a2-9",
          "d2-7",
          "b3-0"
        ],
        position: "..6.8..9.7......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "a1-E"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/12",
        moves: [
          "-8",
          "c1-9",
          "b2-B",
          "d2-7",
          "a3-0"
        ],
        position: "..8..9.B7.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "b1-E"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/13",
        moves: [
          "-8",
          "c1-D",
          "b2-4",
          "d2-3",
          "a3-0"
        ],
        position: "..8..D.43.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "d1-E"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/14",
        moves: [
          "-8",
          "c1-6",
          "a2-E",
          "d2-1",
          "b3-0"
        ],
        position: "..8.6..E.1......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "b1-7"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/15",
        moves: [
          "-C",
          "c1-7",
          "a2-3",
          "d2-1",
          "a3-0"
        ],
        position: "..C.7..31.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "d3-B"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/16",
        moves: [
          "-D",
          "c1-5",
          "d1-C",
          "c2-3",
          "a3-0"
        ],
        position: "..D5..C.3.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "d4-6"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/17",
        moves: [
          "-E",
          "c1-A",
          "d1-1",
          "a2-7",
          "b2-0"
        ],
        position: "..EA17..........0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "a4-D"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/18",
        moves: [
          "-F",
          "c1-3",
          "a2-6",
          "d2-1",
          "a3-0"
        ],
        position: "..F.3..61.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "d3-A"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/19",
        moves: [
          "-F",
          "c1-8",
          "a2-B",
          "c2-7",
          "b3-0"
        ],
        position: "..F.8.B..7......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "d4-C"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/20",
        moves: [
          "-1",
          "b1-5",
          "d1-F",
          "c2-3",
          "b3-0"
        ],
        position: ".1.5..F..3......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "d3-8"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/21",
        moves: [
          "-2",
          "b1-D",
          "c2-4",
          "d2-3",
          "b3-0"
        ],
        position: ".2....D4.3......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "d1-E"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/22",
        moves: [
          "-3",
          "b1-4",
          "c1-2",
          "a2-1",
          "b2-0"
        ],
        position: ".34.21..........0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "a1-F"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/23",
        moves: [
          "-4",
          "b1-3",
          "a2-2",
          "d2-1",
          "a3-0"
        ],
        position: ".4..3..21.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "d3-8"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/24",
        moves: [
          "-4",
          "b1-5",
          "c1-C",
          "c2-3",
          "a3-0"
        ],
        position: ".45...C.3.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "b4-9"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/25",
        moves: [
          "-4",
          "b1-C",
          "c1-D",
          "d2-3",
          "a3-0"
        ],
        position: ".4C....D3.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "b4-9"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/26",
        moves: [
          "-6",
          "b1-2",
          "b2-1",
          "c2-F",
          "a3-0"
        ],
        position: ".6...21.F.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "c1-8"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/27",
        moves: [
          "-6",
          "b1-E",
          "c1-1",
          "a2-3",
          "b2-0"
        ],
        position: ".6E.13..........0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "a3-F"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/28",
        moves: [
          "-7",
          "b1-2",
          "c1-E",
          "d1-1",
          "b2-0"
        ],
        position: ".72E.1..........0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "c3-9"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/29",
        moves: [
          "-8",
          "b1-C",
          "b2-5",
          "c2-3",
          "a3-0"
        ],
        position: ".8...C5.3.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "c1-6"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/30",
        moves: [
          "-A",
          "b1-6",
          "c2-7",
          "d2-1",
          "a3-0"
        ],
        position: ".A....671.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "a4-3"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/31",
        moves: [
          "-B",
          "b1-F",
          "c1-7",
          "d1-3",
          "b2-0"
        ],
        position: ".BF7.3..........0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "a3-8"
        ],
        legalMoves: 132
      },
      {
        name: "classic-unbalanced/32",
        moves: [
          "-C",
          "b1-1",
          "a2-5",
          "d2-3",
          "a3-0"
        ],
        position: ".C..1..53.......0",
        empties: 12,
        pliesToEnd: 11,
        winningMoves: [
          "d3-B"
        ],
        legalMoves: 132
      }
    ]
  };

  // src/tournament/openings/squares.json
  var squares_default = {
    name: "squares",
    rules: {
      squares: true
    },
    description: "32 positions 6 plies deep, exact draws in which the player to move has the fewest moves that keep the draw",
    generator: {
      script: "scripts/openings.ts",
      seed: 1,
      plies: 6,
      candidates: 240,
      count: 32,
      maxNodes: 5e7,
      nodes: 37381673,
      dropped: {
        ended: 0,
        repeated: 0,
        unsolved: 0,
        notDrawn: 122
      },
      draws: 118
    },
    openings: [
      {
        name: "squares/01",
        moves: [
          "-A",
          "a3-8",
          "a4-4",
          "b1-6",
          "c1-F",
          "c2-3"
        ],
        position: ".46...F.A...8...3",
        drawingMoves: 1,
        legalMoves: 110
      },
      {
        name: "squares/02",
        moves: [
          "-B",
          "c3-6",
          "a1-8",
          "c1-4",
          "b2-E",
          "b1-9"
        ],
        position: "6E8..4....B.....9",
        drawingMoves: 1,
        legalMoves: 110
      },
      {
        name: "squares/03",
        moves: [
          "-A",
          "a1-B",
          "d4-2",
          "d1-F",
          "a2-0",
          "d3-D"
        ],
        position: "A..2F......0...BD",
        drawingMoves: 1,
        legalMoves: 110
      },
      {
        name: "squares/04",
        moves: [
          "-1",
          "c2-0",
          "b2-3",
          "d2-F",
          "a4-C",
          "a2-9"
        ],
        position: "....C013....F...9",
        drawingMoves: 2,
        legalMoves: 110
      },
      {
        name: "squares/05",
        moves: [
          "-1",
          "c2-8",
          "b3-F",
          "a2-9",
          "b4-D",
          "a3-6"
        ],
        position: "....F.1.D8...9..6",
        drawingMoves: 2,
        legalMoves: 110
      },
      {
        name: "squares/06",
        moves: [
          "-1",
          "b2-5",
          "c1-B",
          "d2-F",
          "d3-6",
          "c4-D"
        ],
        position: "..5..1.B...F..6.D",
        drawingMoves: 2,
        legalMoves: 110
      },
      {
        name: "squares/07",
        moves: [
          "-8",
          "b2-D",
          "d3-C",
          "b4-3",
          "c1-E",
          "b1-5"
        ],
        position: ".E3..8.....D.C..5",
        drawingMoves: 2,
        legalMoves: 110
      },
      {
        name: "squares/08",
        moves: [
          "-E",
          "b2-A",
          "c3-9",
          "c1-4",
          "c4-F",
          "b1-0"
        ],
        position: ".F9..E....A...4.0",
        drawingMoves: 2,
        legalMoves: 110
      },
      {
        name: "squares/09",
        moves: [
          "-A",
          "d2-F",
          "b4-1",
          "d1-B",
          "c3-7",
          "b3-C"
        ],
        position: "...1...A.7B..F..C",
        drawingMoves: 3,
        legalMoves: 110
      },
      {
        name: "squares/10",
        moves: [
          "-A",
          "d3-5",
          "c4-B",
          "c3-2",
          "a2-7",
          "c1-8"
        ],
        position: "..7.2.....BA..5.8",
        drawingMoves: 3,
        legalMoves: 110
      },
      {
        name: "squares/11",
        moves: [
          "-0",
          "c4-B",
          "a2-9",
          "b1-4",
          "d1-2",
          "b4-E"
        ],
        position: ".9.4B........20.E",
        drawingMoves: 3,
        legalMoves: 110
      },
      {
        name: "squares/12",
        moves: [
          "-4",
          "a1-0",
          "a3-8",
          "d1-E",
          "c4-D",
          "b1-3"
        ],
        position: "4D.8....0.....E.3",
        drawingMoves: 3,
        legalMoves: 110
      },
      {
        name: "squares/13",
        moves: [
          "-F",
          "d2-B",
          "c2-7",
          "b3-5",
          "d1-A",
          "b4-6"
        ],
        position: "...5..BF.7...A..6",
        drawingMoves: 4,
        legalMoves: 110
      },
      {
        name: "squares/14",
        moves: [
          "-0",
          "d3-6",
          "d2-A",
          "d4-9",
          "a1-3",
          "b4-5"
        ],
        position: "9......6...0.3.A5",
        drawingMoves: 4,
        legalMoves: 110
      },
      {
        name: "squares/15",
        moves: [
          "-A",
          "d2-0",
          "c2-E",
          "d4-B",
          "a1-9",
          "c4-2"
        ],
        position: "B.....0A......9E2",
        drawingMoves: 4,
        legalMoves: 110
      },
      {
        name: "squares/16",
        moves: [
          "-9",
          "a1-A",
          "d4-5",
          "a2-7",
          "c4-8",
          "d2-4"
        ],
        position: "9...5..8......7A4",
        drawingMoves: 5,
        legalMoves: 110
      },
      {
        name: "squares/17",
        moves: [
          "-9",
          "d4-7",
          "b4-8",
          "c3-3",
          "a2-5",
          "d2-A"
        ],
        position: "....3..5..8..7.9A",
        drawingMoves: 6,
        legalMoves: 110
      },
      {
        name: "squares/18",
        moves: [
          "-8",
          "c2-D",
          "d2-3",
          "a2-5",
          "a4-C",
          "b4-E"
        ],
        position: "....3.8D....5C..E",
        drawingMoves: 6,
        legalMoves: 110
      },
      {
        name: "squares/19",
        moves: [
          "-C",
          "b4-6",
          "d4-D",
          "a2-A",
          "d1-2",
          "b3-8"
        ],
        position: "...AD....2...C.68",
        drawingMoves: 7,
        legalMoves: 110
      },
      {
        name: "squares/20",
        moves: [
          "-9",
          "b2-8",
          "d3-B",
          "c4-6",
          "a3-2",
          "c1-C"
        ],
        position: "..2..9..6..8..B.C",
        drawingMoves: 7,
        legalMoves: 110
      },
      {
        name: "squares/21",
        moves: [
          "-9",
          "a2-3",
          "c1-8",
          "b4-2",
          "a3-5",
          "c2-6"
        ],
        position: "..3.9.5.2....8..6",
        drawingMoves: 7,
        legalMoves: 110
      },
      {
        name: "squares/22",
        moves: [
          "-1",
          "a3-9",
          "b3-A",
          "a1-8",
          "b1-D",
          "c1-3"
        ],
        position: "A8D.....19......3",
        drawingMoves: 7,
        legalMoves: 110
      },
      {
        name: "squares/23",
        moves: [
          "-A",
          "b2-D",
          "a2-6",
          "a4-E",
          "b3-5",
          "a3-1"
        ],
        position: "....DA..5E..6...1",
        drawingMoves: 8,
        legalMoves: 110
      },
      {
        name: "squares/24",
        moves: [
          "-9",
          "c2-0",
          "b1-A",
          "c1-D",
          "b4-F",
          "a3-5"
        ],
        position: ".0A...9.F....D..5",
        drawingMoves: 8,
        legalMoves: 110
      },
      {
        name: "squares/25",
        moves: [
          "-7",
          "d3-4",
          "d4-2",
          "b1-E",
          "b2-5",
          "a4-F"
        ],
        position: ".2...E.....75..4F",
        drawingMoves: 8,
        legalMoves: 110
      },
      {
        name: "squares/26",
        moves: [
          "-5",
          "d4-2",
          "d2-7",
          "b4-6",
          "b1-F",
          "a4-0"
        ],
        position: ".6.....2....F7.50",
        drawingMoves: 8,
        legalMoves: 110
      },
      {
        name: "squares/27",
        moves: [
          "-5",
          "c4-B",
          "c1-7",
          "a1-A",
          "d3-F",
          "a4-0"
        ],
        position: "7.B........AF.5.0",
        drawingMoves: 8,
        legalMoves: 110
      },
      {
        name: "squares/28",
        moves: [
          "-7",
          "b1-0",
          "a3-B",
          "b2-4",
          "b4-8",
          "a1-3"
        ],
        position: "87...B..0....4..3",
        drawingMoves: 8,
        legalMoves: 110
      },
      {
        name: "squares/29",
        moves: [
          "-7",
          "d4-5",
          "b1-D",
          "a1-F",
          "d3-6",
          "c2-3"
        ],
        position: "D5....6....F...73",
        drawingMoves: 8,
        legalMoves: 110
      },
      {
        name: "squares/30",
        moves: [
          "-7",
          "c3-E",
          "b2-3",
          "b1-F",
          "d3-0",
          "d1-5"
        ],
        position: ".3.0.E....7F....5",
        drawingMoves: 9,
        legalMoves: 110
      },
      {
        name: "squares/31",
        moves: [
          "-2",
          "b4-B",
          "c2-4",
          "d2-8",
          "a4-5",
          "d3-6"
        ],
        position: "......B4...582..6",
        drawingMoves: 10,
        legalMoves: 110
      },
      {
        name: "squares/32",
        moves: [
          "-6",
          "c3-D",
          "d4-E",
          "d2-0",
          "b3-5",
          "c1-7"
        ],
        position: "..5....E.06....D7",
        drawingMoves: 10,
        legalMoves: 110
      }
    ]
  };

  // src/tournament/openings/squares-unbalanced.json
  var squares_unbalanced_default = {
    name: "squares-unbalanced",
    rules: {
      squares: true
    },
    description: "32 positions with 13 empty cells, exact wins for the player to move that the search alone does not prove within 400000 nodes, with the fewest winning moves (1 to 2), at most 2 per board shape",
    generator: {
      script: "scripts/unbalanced-openings.ts",
      book: "squares-13",
      seed: 1,
      empties: [
        12,
        14
      ],
      tiers: {
        "13": {
          entries: 12113,
          wins: 584,
          winsAtOnce: 408
        },
        "14": {
          entries: 381,
          wins: 0,
          winsAtOnce: 0
        }
      },
      candidates: 176,
      sampled: 176,
      horizonNodes: 4e5,
      deep: 49,
      count: 32,
      perShape: 2,
      maxNodes: 1e8,
      nodes: 513180148,
      unsolved: 0,
      shapes: 33
    },
    openings: [
      {
        name: "squares-unbalanced/01",
        moves: [
          "-F",
          "b1-7",
          "a2-1",
          "b2-0"
        ],
        position: ".F..71..........0",
        empties: 13,
        pliesToEnd: 11,
        winningMoves: [
          "c3-8"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/02",
        moves: [
          "-E",
          "c2-6",
          "d2-1",
          "a3-0"
        ],
        position: "......E61.......0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "d4-8"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/03",
        moves: [
          "-3",
          "a2-B",
          "b2-7",
          "c2-0"
        ],
        position: "....3B7.........0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "d4-C"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/04",
        moves: [
          "-2",
          "d1-F",
          "a3-1",
          "c3-0"
        ],
        position: "...2....F.1.....0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "c2-3"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/05",
        moves: [
          "-9",
          "d1-8",
          "c2-7",
          "a3-0"
        ],
        position: "...9..8.7.......0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "c3-1"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/06",
        moves: [
          "-C",
          "d1-D",
          "c2-3",
          "a3-0"
        ],
        position: "...C..D.3.......0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "b1-1"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/07",
        moves: [
          "-D",
          "d1-1",
          "a3-3",
          "b3-0"
        ],
        position: "...D....13......0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "c3-E"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/08",
        moves: [
          "-D",
          "d1-1",
          "a2-3",
          "b2-0"
        ],
        position: "...D13..........0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "a3-F"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/09",
        moves: [
          "-1",
          "c1-3",
          "d1-F",
          "b2-0"
        ],
        position: "..13.F..........0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "b1-D"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/10",
        moves: [
          "-8",
          "c1-4",
          "d1-3",
          "a3-0"
        ],
        position: "..84....3.......0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "c2-B"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/11",
        moves: [
          "-9",
          "c1-1",
          "c2-7",
          "a3-0"
        ],
        position: "..9...1.7.......0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "d1-F"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/12",
        moves: [
          "-6",
          "b1-1",
          "c2-F",
          "a3-0"
        ],
        position: ".6....1.F.......0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "d1-7"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/13",
        moves: [
          "-7",
          "b1-1",
          "d1-F",
          "b2-0"
        ],
        position: ".7.1.F..........0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "c4-9"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/14",
        moves: [
          "-8",
          "b1-1",
          "d1-7",
          "b2-0"
        ],
        position: ".8.1.7..........0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "c1-6"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/15",
        moves: [
          "-B",
          "b1-8",
          "d1-7",
          "a3-0"
        ],
        position: ".B.8....7.......0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "c2-3"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/16",
        moves: [
          "-C",
          "b1-4",
          "c1-3",
          "b2-0"
        ],
        position: ".C4..3..........0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "d1-7"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/17",
        moves: [
          "-2",
          "a1-E",
          "d1-1",
          "a2-0"
        ],
        position: "2..E1...........0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "b2-F"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/18",
        moves: [
          "-3",
          "a1-7",
          "b1-F",
          "d1-0"
        ],
        position: "37.F............0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "c3-4"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/19",
        moves: [
          "-7",
          "a1-F",
          "d2-1",
          "a3-0"
        ],
        position: "7......F1.......0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "b3-6"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/20",
        moves: [
          "-B",
          "a1-7",
          "b1-F",
          "d1-0"
        ],
        position: "B7.F............0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "c3-4"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/21",
        moves: [
          "-F",
          "a1-9",
          "c1-7",
          "b2-0"
        ],
        position: "F.9..7..........0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "d3-1"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/22",
        moves: [
          "-F",
          "a1-B",
          "b1-7",
          "c1-0"
        ],
        position: "FB7.............0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "c2-4"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/23",
        moves: [
          "-C",
          "d1-3",
          "b2-F",
          "a3-0"
        ],
        position: "...C.3..F.......0",
        empties: 13,
        pliesToEnd: 11,
        winningMoves: [
          "c2-D",
          "c2-E"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/24",
        moves: [
          "-3",
          "c1-7",
          "d1-F",
          "a4-0"
        ],
        position: "..37........F...0",
        empties: 13,
        pliesToEnd: 11,
        winningMoves: [
          "c3-9",
          "c3-A"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/25",
        moves: [
          "-1",
          "a1-3",
          "a2-F",
          "c2-0"
        ],
        position: "1...3.F.........0",
        empties: 13,
        pliesToEnd: 11,
        winningMoves: [
          "d4-6",
          "d4-A"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/26",
        moves: [
          "-6",
          "c2-7",
          "d2-1",
          "a3-0"
        ],
        position: "......671.......0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "b3-3",
          "b3-5"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/27",
        moves: [
          "-4",
          "d1-3",
          "b2-F",
          "a3-0"
        ],
        position: "...4.3..F.......0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "c2-D",
          "c2-E"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/28",
        moves: [
          "-7",
          "c1-E",
          "d2-1",
          "b3-0"
        ],
        position: "..7....E.1......0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "b4-A",
          "b4-C"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/29",
        moves: [
          "-E",
          "c1-6",
          "d2-1",
          "a3-0"
        ],
        position: "..E....61.......0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "b3-A",
          "b3-C"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/30",
        moves: [
          "-F",
          "c1-6",
          "d2-1",
          "a3-0"
        ],
        position: "..F....61.......0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "b3-B",
          "b3-D"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/31",
        moves: [
          "-F",
          "c1-7",
          "d2-1",
          "b3-0"
        ],
        position: "..F....7.1......0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "a3-B",
          "a3-D"
        ],
        legalMoves: 156
      },
      {
        name: "squares-unbalanced/32",
        moves: [
          "-9",
          "b1-8",
          "c2-7",
          "a3-0"
        ],
        position: ".9....8.7.......0",
        empties: 13,
        pliesToEnd: 13,
        winningMoves: [
          "c3-B",
          "c3-D"
        ],
        legalMoves: 156
      }
    ]
  };

  // src/tournament/openings.ts
  var suiteOf = (data) => ({
    name: data.name,
    rules: data.rules,
    description: data.description,
    openings: data.openings.map(({ name, moves }) => ({ name, moves }))
  });
  var OPENING_SUITES = {
    classic: suiteOf(classic_default),
    squares: suiteOf(squares_default),
    "classic-unbalanced": suiteOf(classic_unbalanced_default),
    "squares-unbalanced": suiteOf(squares_unbalanced_default)
  };
  var OPENING_SUITE_NAMES = Object.keys(OPENING_SUITES);

  // src/tournament/standings.ts
  function scoreOf(game, bot) {
    if (game.winner === null) return 0.5;
    return game.winner === bot ? 1 : 0;
  }
  function checkGames(bots, games) {
    const known = new Set(bots);
    for (const game of games) {
      if (!known.has(game.first) || !known.has(game.second) || game.first === game.second) {
        throw new RangeError(`standings: game ${game.first} vs ${game.second} is not between two entered bots`);
      }
      if (game.winner !== null && game.winner !== game.first && game.winner !== game.second) {
        throw new RangeError(`standings: the winner ${game.winner} did not play ${game.first} vs ${game.second}`);
      }
    }
  }
  var emptyCell = () => ({ games: 0, wins: 0, draws: 0, losses: 0, points: 0 });
  function pairResults(bots, games) {
    const table2 = new Map(bots.map((row) => [row, /* @__PURE__ */ new Map()]));
    for (const game of games) {
      for (const [bot, opponent] of [
        [game.first, game.second],
        [game.second, game.first]
      ]) {
        const row = table2.get(bot);
        let cell = row.get(opponent);
        if (!cell) {
          cell = emptyCell();
          row.set(opponent, cell);
        }
        const score = scoreOf(game, bot);
        cell.games++;
        cell.points += score;
        if (score === 1) cell.wins++;
        else if (score === 0) cell.losses++;
        else cell.draws++;
      }
    }
    return table2;
  }
  function computeStandings(bots, games, options = {}) {
    checkGames(bots, games);
    const pairs = pairResults(bots, games);
    const points = new Map(
      bots.map((bot) => [bot, [...pairs.get(bot)?.values() ?? []].reduce((sum, cell) => sum + cell.points, options.byePoints?.get(bot) ?? 0)])
    );
    const ratings = fitRatings(
      bots,
      games.map((game) => ({ a: game.first, b: game.second, scoreA: scoreOf(game, game.first) }))
    );
    const forfeits = /* @__PURE__ */ new Map();
    for (const game of games) if (game.forfeitedBy) forfeits.set(game.forfeitedBy, (forfeits.get(game.forfeitedBy) ?? 0) + 1);
    const rows = bots.map((bot) => {
      const cells = [...pairs.get(bot)?.entries() ?? []];
      const total = (key) => cells.reduce((sum, [, cell]) => sum + cell[key], 0);
      const rating = ratings.get(bot);
      return {
        rank: 0,
        bot,
        games: total("games"),
        wins: total("wins"),
        draws: total("draws"),
        losses: total("losses"),
        points: points.get(bot),
        buchholz: cells.reduce((sum, [opponent]) => sum + points.get(opponent), 0),
        sonnebornBerger: cells.reduce((sum, [opponent, cell]) => sum + cell.points * points.get(opponent), 0),
        rating: rating.rating,
        ratingDeviation: rating.deviation,
        forfeits: forfeits.get(bot) ?? 0
      };
    });
    const swiss = options.order === "swiss";
    const tied = (x, y) => x.points === y.points && x.sonnebornBerger === y.sonnebornBerger && (!swiss || x.buchholz === y.buchholz);
    rows.sort(
      (x, y) => y.points - x.points || (swiss ? y.buchholz - x.buchholz : 0) || y.sonnebornBerger - x.sonnebornBerger || y.rating - x.rating || (x.bot < y.bot ? -1 : x.bot > y.bot ? 1 : 0)
    );
    rows.forEach((row, index) => {
      const previous = rows[index - 1];
      row.rank = previous && tied(previous, row) ? previous.rank : index + 1;
    });
    return rows;
  }
  function computeCrosstable(order, games) {
    checkGames(order, games);
    const pairs = pairResults(order, games);
    return {
      bots: [...order],
      cells: order.map((row) => order.map((column) => row === column ? null : { ...pairs.get(row)?.get(column) ?? emptyCell() }))
    };
  }
  var UNSCORED_REASONS = ["aborted", "cancelled"];
  function scoredGames(games) {
    return games.filter((game) => !UNSCORED_REASONS.includes(game.reason)).map((game) => ({ first: game.first, second: game.second, winner: game.winner, forfeitedBy: game.forfeitedBy ?? null }));
  }
  function tableOf(bots, games) {
    const scored = scoredGames(games);
    const standings = computeStandings(bots, scored);
    return {
      standings,
      crosstable: computeCrosstable(
        standings.map((row) => row.bot),
        scored
      )
    };
  }

  // src/tournament/format.ts
  var pairTable = (settings, _progress, played) => tableOf(settings.bots, played);
  var MAX_TOURNAMENT_BOTS = 16;
  var MAX_TOURNAMENT_GAMES = 500;

  // src/tournament/schedule.ts
  var MAX_GAMES_PER_PAIR = 1e3;
  function scheduleProblem(bots, gamesPerPair, maxGamesPerPair = MAX_GAMES_PER_PAIR) {
    if (bots.length < 2) return "a tournament needs at least two bots";
    if (new Set(bots).size !== bots.length) return "bot names must be unique";
    if (!Number.isInteger(gamesPerPair) || gamesPerPair < 2 || gamesPerPair % 2 !== 0 || gamesPerPair > maxGamesPerPair) {
      return `games per pair must be an even integer from 2 to ${maxGamesPerPair}, so each bot gives first in half of them`;
    }
    return null;
  }
  function circleRounds(count) {
    const slots = Array.from({ length: count + count % 2 }, (_, index) => index);
    const bye = count % 2 === 1 ? count : -1;
    const rounds = [];
    for (let round = 0; round < slots.length - 1; round++) {
      const pairs = [];
      for (let index = 0; index < slots.length / 2; index++) {
        const a = slots[index];
        const b = slots[slots.length - 1 - index];
        if (a !== bye && b !== bye) pairs.push([a, b]);
      }
      rounds.push(pairs);
      slots.splice(1, 0, slots.pop());
    }
    return rounds;
  }
  function cycles(order, rounds, gamesPerPair, random, openings) {
    const lowerFirst = /* @__PURE__ */ new Map();
    for (const pairs of rounds) for (const [a, b] of pairs) lowerFirst.set(`${Math.min(a, b)}:${Math.max(a, b)}`, random() < 0.5);
    const openingOrder = shuffleInPlace([...openings], random);
    const paired = openingOrder.length > 0;
    const pairIds = /* @__PURE__ */ new Map();
    const games = [];
    for (let cycle = 0; cycle < gamesPerPair; cycle++) {
      rounds.forEach((pairs, roundInCycle) => {
        for (const [a, b] of pairs) {
          const [low, high] = a < b ? [a, b] : [b, a];
          const lowGivesFirst = lowerFirst.get(`${low}:${high}`) === (cycle % 2 === 0);
          const [first, second] = lowGivesFirst ? [order[low], order[high]] : [order[high], order[low]];
          const game = { index: games.length, gameId: `g${games.length + 1}`, round: cycle * rounds.length + roundInCycle, first, second };
          if (paired) {
            const key = `${cycle >> 1}:${low}:${high}`;
            if (!pairIds.has(key)) pairIds.set(key, pairIds.size);
            game.opening = openingOrder[(cycle >> 1) % openingOrder.length];
            game.pair = pairIds.get(key);
          }
          games.push(game);
        }
      });
    }
    return games;
  }
  function roundRobinSchedule(bots, gamesPerPair, seed, openings = []) {
    const problem = scheduleProblem(bots, gamesPerPair);
    if (problem) throw new RangeError(`schedule: ${problem}`);
    const random = seededRandom(seed);
    const order = shuffleInPlace([...bots], random);
    return cycles(order, circleRounds(order.length), gamesPerPair, random, openings);
  }
  function gauntletSchedule(challenger, field, gamesPerPair, seed, openings = []) {
    const problem = scheduleProblem([challenger, ...field], gamesPerPair);
    if (problem) throw new RangeError(`schedule: ${problem}`);
    const random = seededRandom(seed);
    const order = [challenger, ...shuffleInPlace([...field], random)];
    const round = order.slice(1).map((_, index) => [0, index + 1]);
    return cycles(order, [round], gamesPerPair, random, openings);
  }
  var MAX_SPRT_GAMES = 1e5;
  function sprtSchedule(test, base, maxGames, seed, openings = []) {
    const problem = scheduleProblem([test, base], maxGames, MAX_SPRT_GAMES);
    if (problem) throw new RangeError(`schedule: ${problem.replace("games per pair", "the game limit")}`);
    const random = seededRandom(seed);
    const games = cycles([test, base], [[[0, 1]]], maxGames, random, openings.length > 0 ? openings : [START_OPENING]);
    return openings.length > 0 ? games : games.map(({ opening: _, ...game }) => game);
  }
  var START_OPENING = { name: "start", moves: [] };

  // src/tournament/sprt.ts
  var SPRT_MODELS = ["normalized", "logistic"];
  function sprtProblem(settings) {
    const { elo0, elo1, alpha, beta, model } = settings;
    if (![elo0, elo1, alpha, beta].every(Number.isFinite)) return "elo0, elo1, alpha and beta must be numbers";
    if (!(elo0 < elo1)) return "elo0 must be less than elo1";
    if (!(alpha > 0 && alpha < 1 && beta > 0 && beta < 1)) return "alpha and beta must be between 0 and 1";
    if (alpha + beta >= 1) return "alpha + beta must be less than 1";
    if (model !== void 0 && !SPRT_MODELS.includes(model)) return `the model must be one of ${SPRT_MODELS.join(", ")}`;
    return null;
  }
  function sprtBounds(settings) {
    return { lower: Math.log(settings.beta / (1 - settings.alpha)), upper: Math.log((1 - settings.beta) / settings.alpha) };
  }
  var SCORES = [0, 0.25, 0.5, 0.75, 1];
  var NELO_PER_T = 800 / Math.LN10;
  var pairCount = (counts) => counts.reduce((sum, count) => sum + count, 0);
  function sprtLlr(counts, settings) {
    const regularized = counts.map((count) => count === 0 ? 1e-3 : count);
    const total = regularized.reduce((sum, count) => sum + count, 0);
    const observed = regularized.map((count) => count / total);
    let p0;
    let p1;
    if ((settings.model ?? "normalized") === "normalized") {
      p0 = mleNormalized(observed, Math.SQRT2 * settings.elo0 / NELO_PER_T);
      p1 = mleNormalized(observed, Math.SQRT2 * settings.elo1 / NELO_PER_T);
    } else {
      p0 = mleScore(observed, logisticScore(settings.elo0));
      p1 = mleScore(observed, logisticScore(settings.elo1));
    }
    let llr = 0;
    for (let i = 0; i < SCORES.length; i++) llr += observed[i] * (Math.log(p1[i]) - Math.log(p0[i]));
    return total * llr;
  }
  var logisticScore = (elo) => 1 / (1 + 10 ** (-elo / 400));
  function logisticElo(score) {
    const clamped = Math.min(Math.max(score, 1e-3), 1 - 1e-3);
    return -400 * Math.log10(1 / clamped - 1) + 0;
  }
  function secular(observed, a) {
    let low = -1 / Math.max(...a);
    let high = -1 / Math.min(...a);
    let x = 0;
    for (let iteration = 0; iteration < 200; iteration++) {
      let f = 0;
      let slope = 0;
      for (let i = 0; i < a.length; i++) {
        const denominator = 1 + x * a[i];
        const term = observed[i] * a[i] / denominator;
        f += term;
        slope -= term * a[i] / denominator;
      }
      if (f === 0) return x;
      if (f > 0) low = x;
      else high = x;
      let next = x - f / slope;
      if (!(next > low && next < high)) next = (low + high) / 2;
      if (Math.abs(next - x) <= 1e-15 * Math.max(1, Math.abs(x))) return next;
      x = next;
    }
    return x;
  }
  function mleScore(observed, score) {
    const a = SCORES.map((value) => value - score);
    const x = secular(observed, a);
    return observed.map((p, i) => p / (1 + x * a[i]));
  }
  function mleNormalized(observed, t) {
    let p = SCORES.map(() => 1 / SCORES.length);
    for (let iteration = 0; iteration < 100; iteration++) {
      const { mean, variance } = moments(p);
      const sigma = Math.sqrt(variance);
      const phi = SCORES.map((value) => value - 0.5 - 0.5 * t * sigma * (1 + ((value - mean) / sigma) ** 2));
      const x = secular(observed, phi);
      const next = observed.map((q, i) => q / (1 + x * phi[i]));
      const change = Math.max(...next.map((value, i) => Math.abs(value - p[i])));
      p = next;
      if (change < 1e-12) break;
    }
    return p;
  }
  function moments(p) {
    const mean = p.reduce((sum, q, i) => sum + q * SCORES[i], 0);
    const variance = p.reduce((sum, q, i) => sum + q * (SCORES[i] - mean) ** 2, 0);
    return { mean, variance };
  }
  var Z_975 = 1.959963984540054;
  function eloEstimate(counts) {
    const pairs = pairCount(counts);
    if (pairs === 0) return { elo: 0, low: 0, high: 0, nelo: 0, neloLow: 0, neloHigh: 0, score: 0.5 };
    const { mean, variance } = moments(counts.map((count) => count / pairs));
    const error = Math.sqrt(variance / pairs);
    const sigma = Math.sqrt(variance);
    const nelo = (t) => sigma === 0 ? null : (t - 0.5) / sigma / Math.SQRT2 * NELO_PER_T + 0;
    return {
      elo: logisticElo(mean),
      low: logisticElo(mean - Z_975 * error),
      high: logisticElo(mean + Z_975 * error),
      nelo: nelo(mean),
      neloLow: nelo(mean - Z_975 * error),
      neloHigh: nelo(mean + Z_975 * error),
      score: mean
    };
  }

  // src/bots/signing.ts
  var import_standardwebhooks = __toESM(require_dist(), 1);

  // src/bots/client.ts
  var MAX_ANSWER_BYTES = 16 * 1024;

  // src/bots/forfeits.ts
  var FORFEIT_REASONS = {
    "bot/timeout": {
      title: "No answer in time",
      description: "The bot did not answer within the time left for the move; the round trip counts against the clock."
    },
    "bot/http_status": {
      title: "Error status",
      description: "The bot answered with a status other than 2xx (a 3xx is a redirect, reported on its own)."
    },
    "bot/redirect": {
      title: "Redirect",
      description: "The bot answered with a redirect (3xx). Redirects are never followed."
    },
    "bot/invalid_json": {
      title: "Body is not JSON",
      description: "The body of the answer could not be parsed as JSON (an empty body included)."
    },
    "bot/body_too_large": {
      title: "Body too large",
      description: "The body of the answer was over the size limit; reading stopped at the limit."
    },
    "bot/illegal_move": {
      title: "Illegal move",
      description: "The answer was JSON but not a legal move in the position: a bad shape, an occupied cell, an unavailable piece, a missing or extra give, a false announcement or claim."
    },
    "bot/connection_error": {
      title: "Connection error",
      description: "The bot could not be reached: connection refused or reset, DNS failure, TLS failure."
    }
  };
  var FORFEIT_CODES = Object.keys(FORFEIT_REASONS);

  // src/bots/conformance.ts
  var CONFORMANCE_GAME = "-E b2-4 d1-5 b1-1 c2-0 c3-3 a1-D d4-B d3-9 a4-8 b4-A a2-F a3-C d2-7 c4-2 b3-6 c1".split(" ");

  // src/bots/url-policy.ts
  var IPV4_BLOCKS = [
    [v4(0, 0, 0, 0), 8, "unspecified"],
    [v4(10, 0, 0, 0), 8, "private"],
    [v4(100, 64, 0, 0), 10, "carrier-grade NAT"],
    [v4(127, 0, 0, 0), 8, "loopback"],
    [v4(169, 254, 0, 0), 16, "link-local"],
    [v4(172, 16, 0, 0), 12, "private"],
    [v4(192, 0, 0, 0), 24, "reserved"],
    [v4(192, 0, 2, 0), 24, "documentation"],
    [v4(192, 88, 99, 0), 24, "reserved"],
    [v4(192, 168, 0, 0), 16, "private"],
    [v4(198, 18, 0, 0), 15, "benchmarking"],
    [v4(198, 51, 100, 0), 24, "documentation"],
    [v4(203, 0, 113, 0), 24, "documentation"],
    [v4(224, 0, 0, 0), 4, "multicast"],
    [v4(240, 0, 0, 0), 4, "reserved"]
  ];
  function v4(a, b, c, d) {
    return (a << 24 >>> 0) + (b << 16) + (c << 8) + d;
  }

  // src/bots/resolve.ts
  var DOH_ENDPOINT = "https://cloudflare-dns.com/dns-query";
  var MAX_KEEP_S = 30;
  var DNS_TYPES = { A: 1, AAAA: 28 };
  function dohResolver(options = {}) {
    return async (host) => {
      const doFetch = options.fetch ?? globalThis.fetch;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error("the resolver did not answer in time")), options.timeoutMs ?? 3e3);
      const lookups = ["A", "AAAA"].map(async (type) => {
        const url = `${options.endpoint ?? DOH_ENDPOINT}?name=${encodeURIComponent(host)}&type=${type}`;
        const response = await doFetch(url, { headers: { accept: "application/dns-json" }, signal: controller.signal });
        if (!response.ok) throw new Error(`the resolver answered ${response.status}`);
        const answer = await response.json();
        if (answer.Status !== 0 && answer.Status !== 3) throw new Error(`the resolver answered status ${answer.Status}`);
        return (answer.Answer ?? []).filter((record) => record.type === DNS_TYPES[type] && typeof record.data === "string");
      });
      const records = await Promise.all(lookups).then((answers) => answers.flat()).finally(() => clearTimeout(timer));
      const ttlS = records.reduce((least, record) => Math.min(least, record.TTL ?? 0), MAX_KEEP_S);
      return { addresses: records.map((record) => record.data), ttlS: Math.max(0, ttlS) };
    };
  }
  function keptResolver(resolver, now = Date.now) {
    const kept = /* @__PURE__ */ new Map();
    return async (host) => {
      const hit = kept.get(host);
      if (hit && hit.until > now()) return hit.answer;
      const answer = await resolver(host);
      if (kept.size > 1e3) kept.clear();
      if (answer.ttlS > 0) kept.set(host, { until: now() + Math.min(answer.ttlS, MAX_KEEP_S) * 1e3, answer });
      return answer;
    };
  }
  var serviceResolver = keptResolver(dohResolver());

  // src/tournament/step.ts
  var scheduledOf = ({ index, gameId, round, first, second, opening, pair }) => ({
    index,
    gameId,
    round,
    first,
    second,
    ...opening ? { opening } : {},
    ...pair !== void 0 ? { pair } : {}
  });

  // src/tournament/formats/round-robin.ts
  function pairReport(kind, run) {
    const { id, ...base } = run.base;
    return {
      id,
      kind,
      ...base,
      schedule: run.games.map(scheduledOf),
      games: run.records,
      ...tableOf(run.settings.bots, run.records)
    };
  }
  var ROUND_ROBIN = {
    kind: "roundRobin",
    name: "round robin",
    article: "a",
    hint: "every pair plays",
    command: "run",
    entrants: "field",
    perPair: true,
    takes: [],
    limits: { bots: MAX_TOURNAMENT_BOTS, games: MAX_TOURNAMENT_GAMES },
    settle: (_bots, options) => ({ ok: true, options }),
    gameCount: (bots, options) => bots * (bots - 1) / 2 * options.gamesPerPair,
    gamesPerBot: () => 1,
    schedule: (settings) => roundRobinSchedule(settings.bots, settings.gamesPerPair, settings.seed, settings.openings),
    tieBreaks: ["sonnebornBerger"],
    table: pairTable,
    extras: () => ({}),
    describe: (settings) => `${settings.bots.length} bots, ${settings.gamesPerPair} games per pair`,
    report: (run) => pairReport("roundRobin", run)
  };

  // src/tournament/formats/gauntlet.ts
  function gauntletRow(challenger, opponent, games) {
    const against = games.filter((game) => [game.first, game.second].includes(opponent));
    const points = (game) => game.winner === null ? 0.5 : game.winner === challenger ? 1 : 0;
    const pairs = pairPoints(against, points);
    const pentanomial = pairs === null ? null : pentanomialOf(pairs);
    return {
      opponent,
      games: against.length,
      wins: against.filter((game) => game.winner === challenger).length,
      draws: against.filter((game) => game.winner === null).length,
      losses: against.filter((game) => game.winner === opponent).length,
      pentanomial,
      elo: pentanomial === null ? null : eloEstimate(pentanomial)
    };
  }
  function pairPoints(games, points) {
    if (games.some((game) => game.pair === void 0)) return null;
    const byPair = /* @__PURE__ */ new Map();
    for (const game of games) byPair.set(game.pair, [...byPair.get(game.pair) ?? [], points(game)]);
    return [...byPair.values()].filter((pair) => pair.length === 2).map(([a, b]) => a + b);
  }
  function pentanomialOf(pairs) {
    const counts = [0, 0, 0, 0, 0];
    for (const points of pairs) counts[Math.round(points * 2)] += 1;
    return counts;
  }
  function gauntletRows(bots, games) {
    const [challenger, ...field] = bots;
    const played = games.flatMap(
      (game) => game.status === "finished" && game.outcome ? [{ first: game.first, second: game.second, winner: game.outcome.winner, pair: game.pair }] : []
    );
    return field.map((opponent) => gauntletRow(challenger, opponent, played));
  }
  var GAUNTLET = {
    kind: "gauntlet",
    name: "gauntlet",
    article: "a",
    hint: "one bot against each of the others",
    command: "gauntlet",
    entrants: "challenger",
    perPair: true,
    takes: [],
    limits: { bots: MAX_TOURNAMENT_BOTS, games: MAX_TOURNAMENT_GAMES },
    settle: (_bots, options) => ({ ok: true, options }),
    gameCount: (bots, options) => (bots - 1) * options.gamesPerPair,
    gamesPerBot: (concurrency) => concurrency,
    schedule: (settings) => gauntletSchedule(settings.bots[0], settings.bots.slice(1), settings.gamesPerPair, settings.seed, settings.openings),
    tieBreaks: ["sonnebornBerger"],
    table: pairTable,
    extras: (settings, _progress, games) => ({ gauntlet: gauntletRows(settings.bots, games) }),
    describe: (settings) => `A gauntlet: ${settings.bots[0]} against ${settings.bots.length - 1} bots, ${settings.gamesPerPair} games each`,
    report: (run) => ({ ...pairReport("gauntlet", run), gauntlet: gauntletRows(run.settings.bots, run.games) })
  };

  // src/tournament/formats/sprt.ts
  var MAX_SPRT_TOURNAMENT_GAMES = 1e3;
  var settingsOf = (settings) => {
    if (!settings.sprt) throw new RangeError("an SPRT match needs its settings");
    return settings.sprt;
  };
  function summary(settings, progress, games) {
    const sprt = settingsOf(settings);
    const [test, base] = settings.bots;
    const pentanomial = progress.sprt?.pentanomial ?? [0, 0, 0, 0, 0];
    const winners = games.flatMap((game) => game.status === "finished" && game.outcome ? [game.outcome.winner] : []);
    return {
      test,
      base,
      settings: sprt,
      decision: progress.sprt?.decision ?? null,
      llr: sprtLlr(pentanomial, sprt),
      bounds: sprtBounds(sprt),
      pentanomial,
      pairs: pentanomial.reduce((sum, count) => sum + count, 0),
      wins: winners.filter((winner) => winner === test).length,
      draws: winners.filter((winner) => winner === null).length,
      losses: winners.filter((winner) => winner === base).length,
      elo: eloEstimate(pentanomial)
    };
  }
  var SPRT = {
    kind: "sprt",
    name: "SPRT",
    article: "an",
    hint: "is one bot better than another?",
    command: "sprt",
    entrants: "pair",
    perPair: false,
    takes: ["sprt"],
    limits: { bots: 2, games: MAX_SPRT_TOURNAMENT_GAMES },
    settle(bots, options) {
      const sprt = options.sprt;
      if (sprt === void 0) return { ok: false, refusal: { field: "sprt", message: "a tournament of kind sprt needs its settings: elo0 and elo1 at least" } };
      if (bots.length !== 2) {
        return { ok: false, refusal: { field: "bots", message: "an SPRT match is between two bots: the one under test, then the one it is measured against" } };
      }
      const problem = sprtProblem(sprt);
      if (problem) return { ok: false, refusal: { field: "sprt", message: problem } };
      if (!Number.isInteger(sprt.maxGames) || sprt.maxGames < 2 || sprt.maxGames % 2 !== 0 || sprt.maxGames > MAX_SPRT_GAMES) {
        return {
          ok: false,
          refusal: { field: "sprt", message: `the game limit must be an even integer from 2 to ${MAX_SPRT_GAMES}, so each bot gives first in half of them` }
        };
      }
      return { ok: true, options };
    },
    gameCount: (_bots, options) => settingsOf(options).maxGames,
    gamesPerBot: (concurrency) => concurrency,
    schedule: (settings) => sprtSchedule(settings.bots[0], settings.bots[1], settingsOf(settings).maxGames, settings.seed, settings.openings),
    stop: (settings) => {
      const { elo0, elo1, alpha, beta, model } = settingsOf(settings);
      return { elo0, elo1, alpha, beta, model, bot: settings.bots[0] };
    },
    // Two bots: a tie-break would only restate their score against each other.
    tieBreaks: [],
    table: pairTable,
    extras: (settings, progress, games) => ({ sprt: summary(settings, progress, games) }),
    describe: (settings) => `An SPRT of ${settings.bots[0]} against ${settings.bots[1]} (at most ${settingsOf(settings).maxGames} games)`,
    report(run) {
      const { test, base, settings, ...result } = summary(run.settings, run.progress, run.games);
      const { maxGames, ...testSettings } = settings;
      return {
        id: run.base.id,
        seed: run.base.seed,
        rules: run.base.rules,
        clock: run.base.clock,
        test,
        base,
        settings: testSettings,
        maxGames,
        openings: run.base.openings,
        concurrency: run.base.concurrency,
        decision: result.decision,
        llr: result.llr,
        bounds: result.bounds,
        pentanomial: result.pentanomial,
        wins: result.wins,
        draws: result.draws,
        losses: result.losses,
        pairs: result.pairs,
        elo: result.elo,
        games: run.records
      };
    }
  };

  // src/tournament/matching.ts
  function maximumMatching(vertices, compatible) {
    const n = vertices.length;
    const mate = new Int32Array(n).fill(-1);
    const adjacent = (i, j) => i !== j && compatible(vertices[i], vertices[j]);
    for (let i = 0; i < n; i++) {
      if (mate[i] >= 0) continue;
      for (let j = i + 1; j < n; j++) {
        if (mate[j] < 0 && adjacent(i, j)) {
          mate[i] = j;
          mate[j] = i;
          break;
        }
      }
    }
    const parent = new Int32Array(n);
    const base = new Int32Array(n);
    const inQueue = new Uint8Array(n);
    const inBlossom = new Uint8Array(n);
    const queue = new Int32Array(n);
    const lca = (a0, b0) => {
      const seen = new Uint8Array(n);
      let a = a0;
      for (; ; ) {
        a = base[a];
        seen[a] = 1;
        if (mate[a] < 0) break;
        a = parent[mate[a]];
      }
      let b = b0;
      for (; ; ) {
        b = base[b];
        if (seen[b]) return b;
        b = parent[mate[b]];
      }
    };
    const markPath = (v0, b, child0) => {
      let v = v0;
      let child = child0;
      while (base[v] !== b) {
        inBlossom[base[v]] = 1;
        inBlossom[base[mate[v]]] = 1;
        parent[v] = child;
        child = mate[v];
        v = parent[mate[v]];
      }
    };
    const findPath = (root) => {
      parent.fill(-1);
      inQueue.fill(0);
      for (let i = 0; i < n; i++) base[i] = i;
      let head = 0;
      let tail = 0;
      queue[tail++] = root;
      inQueue[root] = 1;
      while (head < tail) {
        const v = queue[head++];
        for (let to = 0; to < n; to++) {
          if (base[v] === base[to] || mate[v] === to || !adjacent(v, to)) continue;
          if (to === root || mate[to] >= 0 && parent[mate[to]] >= 0) {
            const current = lca(v, to);
            inBlossom.fill(0);
            markPath(v, current, to);
            markPath(to, current, v);
            for (let i = 0; i < n; i++) {
              if (inBlossom[base[i]]) {
                base[i] = current;
                if (!inQueue[i]) {
                  inQueue[i] = 1;
                  queue[tail++] = i;
                }
              }
            }
          } else if (parent[to] < 0) {
            parent[to] = v;
            if (mate[to] < 0) return to;
            inQueue[mate[to]] = 1;
            queue[tail++] = mate[to];
          }
        }
      }
      return -1;
    };
    for (let root = 0; root < n; root++) {
      if (mate[root] >= 0) continue;
      let end = findPath(root);
      while (end >= 0) {
        const previous = parent[end];
        const next = mate[previous];
        mate[end] = previous;
        mate[previous] = end;
        end = next;
      }
    }
    return mate;
  }

  // src/tournament/swiss-leads.ts
  function preference(leads) {
    if (leads.length === 0) return { wants: null, strength: 0 };
    const balance = leads.reduce((sum, lead) => sum + (lead ? 1 : -1), 0);
    const last = leads[leads.length - 1];
    const twice = leads.length >= 2 && leads[leads.length - 2] === last;
    if (balance > 1 || balance < -1 || twice) return { wants: balance === 0 ? !last : balance < 0, strength: 3 };
    if (balance !== 0) return { wants: balance < 0, strength: 2 };
    return { wants: !last, strength: 1 };
  }
  function allocateLead(higher, lower, fallback) {
    const a = preference(higher);
    const b = preference(lower);
    if (a.wants === null && b.wants === null) return fallback;
    if (a.wants === null) return !b.wants;
    if (b.wants === null || a.wants !== b.wants) return a.wants;
    if (a.strength !== b.strength) return a.strength > b.strength ? a.wants : !b.wants;
    for (let back = 1; back <= Math.min(higher.length, lower.length); back++) {
      const x = higher[higher.length - back];
      const y = lower[lower.length - back];
      if (x !== y) return !x;
    }
    return a.wants;
  }
  function mustLead(leads) {
    const wish = preference(leads);
    return wish.strength === 3 ? wish.wants : null;
  }

  // src/tournament/dutch.ts
  var DEFAULT_BUDGET = 2e4;
  var MAX_EXCHANGES = 64;
  var OutOfBudget = class extends Error {
  };
  function pairSwissRound(records, options = {}) {
    const n = records.length;
    const indexOf = new Map(records.map((record, index) => [record.bot, index]));
    if (indexOf.size !== n || new Set(records.map((record) => record.number)).size !== n) {
      throw new RangeError("swiss: every player needs its own name and pairing number");
    }
    const met = records.map((record) => new Set([...record.opponents].flatMap((name) => indexOf.get(name) ?? [])));
    const metCount = met.map((set) => set.size);
    const compatible = (a, b) => a !== b && !met[a].has(b);
    const ranking = records.map((_, index) => index).sort((x, y) => records[y].points - records[x].points || records[x].number - records[y].number);
    const rankOf = new Int32Array(n);
    ranking.forEach((player, rank) => {
      rankOf[player] = rank;
    });
    const completable = (set) => canPairAll(set, metCount, compatible);
    let bye = -1;
    let field = ranking;
    if (n % 2 === 1) {
      for (let rank = n - 1; rank >= 0 && bye < 0; rank--) {
        const candidate = ranking[rank];
        if (records[candidate].byes > 0) continue;
        const rest = ranking.filter((player) => player !== candidate);
        if (completable(rest)) {
          bye = candidate;
          field = rest;
        }
      }
      if (bye < 0) return null;
    } else if (!completable(field)) {
      return null;
    }
    const must = records.map((record) => mustLead(record.leads));
    const suited = (a, b) => compatible(a, b) && (must[a] === null || must[a] !== must[b]);
    let pairs;
    try {
      pairs = pairByBrackets(field, records, [suited, compatible], completable, options.budget ?? DEFAULT_BUDGET);
    } catch (error) {
      if (!(error instanceof OutOfBudget)) throw error;
      pairs = wholeFieldPairs(field, compatible);
    }
    pairs.sort((x, y) => Math.min(rankOf[x[0]], rankOf[x[1]]) - Math.min(rankOf[y[0]], rankOf[y[1]]));
    const topLeads = options.topLeadsFirst ?? true;
    return {
      pairings: pairs.map(([a, b], board) => {
        const [higher, lower] = rankOf[a] < rankOf[b] ? [a, b] : [b, a];
        const higherLeads = allocateLead(records[higher].leads, records[lower].leads, board % 2 === 0 ? topLeads : !topLeads);
        return higherLeads ? { first: records[higher].bot, second: records[lower].bot } : { first: records[lower].bot, second: records[higher].bot };
      }),
      byes: bye < 0 ? [] : [records[bye].bot]
    };
  }
  function canPairAll(set, metCount, compatible) {
    const m = set.length;
    if (m % 2 === 1) return false;
    if (m === 0) return true;
    let most = 0;
    for (const player of set) if (metCount[player] > most) most = metCount[player];
    if (m >= 2 * most + 2) return true;
    const mate = maximumMatching(set, compatible);
    return mate.every((partner) => partner >= 0);
  }
  function pairByBrackets(field, records, compatible, completable, budget) {
    const groups = [];
    for (const player of field) {
      const last = groups.at(-1);
      if (last && records[last[0]].points === records[player].points) last.push(player);
      else groups.push([player]);
    }
    const pairs = [];
    let moved = [];
    let below = field.length;
    for (let group = 0; group < groups.length; group++) {
      below -= groups[group].length;
      const lower = field.slice(field.length - below);
      const bracket = [...moved, ...groups[group]];
      const result = pairBracket(bracket, moved.length, lower, group === groups.length - 1, compatible, completable, budget);
      pairs.push(...result.pairs);
      moved = result.floaters;
    }
    if (moved.length > 0) throw new OutOfBudget();
    return pairs;
  }
  function pairBracket(bracket, movedDown, lower, last, compatible, completable, budget) {
    const most = Math.floor(bracket.length / 2);
    const fewest = last ? bracket.length / 2 : 0;
    const steps = { left: budget };
    for (let pairs = most; pairs >= fewest; pairs--) {
      const accept = (floaters) => completable(last ? floaters : [...floaters, ...lower]);
      for (const criteria of compatible) {
        const found = searchBracket(bracket, movedDown, pairs, criteria, accept, steps);
        if (found) return found;
      }
    }
    if (last) throw new OutOfBudget();
    return { pairs: [], floaters: [...bracket] };
  }
  function searchBracket(bracket, movedDown, count, compatible, accept, steps) {
    const heterogeneous = movedDown > 0 && movedDown * 2 < bracket.length;
    if (!heterogeneous) return homogeneous(bracket, [], count, compatible, accept, steps);
    const mdps = bracket.slice(0, movedDown);
    const residents = bracket.slice(movedDown);
    const paired = Math.min(mdps.length, count);
    const stay = mdps.slice(0, paired);
    const again = mdps.slice(paired);
    const used = new Uint8Array(residents.length);
    const chosen = [];
    let result = null;
    const pick = (index) => {
      if (--steps.left < 0) throw new OutOfBudget();
      if (index === stay.length) {
        const remainder = residents.filter((_, position) => used[position] === 0);
        result = homogeneous(remainder, again, count - paired, compatible, accept, steps);
        if (result) result = { pairs: [...chosen, ...result.pairs], floaters: result.floaters };
        return result !== null;
      }
      for (let position = 0; position < residents.length; position++) {
        if (used[position] || !compatible(stay[index], residents[position])) continue;
        used[position] = 1;
        chosen.push([stay[index], residents[position]]);
        if (pick(index + 1)) return true;
        chosen.pop();
        used[position] = 0;
      }
      return false;
    };
    pick(0);
    return result;
  }
  function homogeneous(group, extra, count, compatible, accept, steps) {
    if (count * 2 > group.length) return null;
    if (count === 0) return accept([...extra, ...group]) ? { pairs: [], floaters: [...extra, ...group] } : null;
    const done = (pairs, floaters) => accept([...extra, ...floaters]) ? { pairs, floaters: [...extra, ...floaters] } : null;
    const s1 = group.slice(0, count);
    const s2 = group.slice(count);
    let found = null;
    transpositions(s1, s2, compatible, steps, (pairs, rest) => {
      found = done(pairs, rest);
      return found !== null;
    });
    if (found) return found;
    for (const [from, to] of exchangeOrder(s1.length, s2.length).slice(0, MAX_EXCHANGES)) {
      const position = (player) => group.indexOf(player);
      const nextS1 = [...s1.filter((_, index) => index !== from), s2[to]].sort((x, y) => position(x) - position(y));
      const nextS2 = [...s2.filter((_, index) => index !== to), s1[from]].sort((x, y) => position(x) - position(y));
      transpositions(nextS1, nextS2, compatible, steps, (pairs, rest) => {
        found = done(pairs, rest);
        return found !== null;
      });
      if (found) return found;
    }
    anyPairing(group, count, compatible, steps, (pairs, rest) => {
      found = done(pairs, rest);
      return found !== null;
    });
    return found;
  }
  function transpositions(s1, s2, compatible, steps, visit) {
    const used = new Uint8Array(s2.length);
    const pairs = [];
    const go = (index) => {
      if (--steps.left < 0) throw new OutOfBudget();
      if (index === s1.length) {
        return visit(
          [...pairs],
          s2.filter((_, position) => used[position] === 0)
        );
      }
      for (let position = 0; position < s2.length; position++) {
        if (used[position] || !compatible(s1[index], s2[position])) continue;
        used[position] = 1;
        pairs.push([s1[index], s2[position]]);
        if (go(index + 1)) return true;
        pairs.pop();
        used[position] = 0;
      }
      return false;
    };
    return go(0);
  }
  function exchangeOrder(s1, s2) {
    const options = [];
    for (let from = 0; from < s1; from++) for (let to = 0; to < s2; to++) options.push([from, to]);
    const gap = ([from, to]) => s1 + to - from;
    return options.sort((x, y) => gap(x) - gap(y) || y[0] - x[0]);
  }
  function anyPairing(group, count, compatible, steps, visit) {
    const used = new Uint8Array(group.length);
    const pairs = [];
    const go = (from, left) => {
      if (--steps.left < 0) throw new OutOfBudget();
      if (left === 0)
        return visit(
          [...pairs],
          group.filter((_, position) => used[position] !== 1)
        );
      let top = from;
      while (top < group.length && used[top]) top++;
      if (group.length - top - countUsed(used, top) < 2 * left) return false;
      used[top] = 1;
      for (let position = top + 1; position < group.length; position++) {
        if (used[position] || !compatible(group[top], group[position])) continue;
        used[position] = 1;
        pairs.push([group[top], group[position]]);
        if (go(top + 1, left - 1)) return true;
        pairs.pop();
        used[position] = 0;
      }
      used[top] = 0;
      used[top] = 2;
      const floated = go(top + 1, left);
      used[top] = 0;
      return floated;
    };
    return go(0, count);
  }
  function countUsed(used, from) {
    let count = 0;
    for (let index = from; index < used.length; index++) if (used[index]) count++;
    return count;
  }
  function wholeFieldPairs(field, compatible) {
    const mate = maximumMatching(field, compatible);
    const pairs = [];
    mate.forEach((partner, index) => {
      if (partner > index) pairs.push([field[index], field[partner]]);
    });
    if (pairs.length * 2 !== field.length) throw new Error("swiss: the field has no perfect matching after all");
    return pairs;
  }

  // src/tournament/swiss.ts
  function defaultSwissRounds(players) {
    return Math.min(maxSwissRounds(players), Math.ceil(Math.log2(Math.max(2, players))) + 1);
  }
  function maxSwissRounds(players) {
    return players % 2 === 0 ? players - 1 : players;
  }
  function swissRecords(order, games, byes, byePoints) {
    const records = new Map(order.map((bot, number) => [bot, { bot, number, points: 0, opponents: /* @__PURE__ */ new Set(), byes: 0, leads: [] }]));
    const get = (bot) => {
      const record = records.get(bot);
      if (!record) throw new RangeError(`swiss: ${bot} is not in the field`);
      return record;
    };
    const leads = /* @__PURE__ */ new Map();
    for (const game of [...games].sort((x, y) => x.index - y.index)) {
      const first = get(game.first);
      const second = get(game.second);
      first.opponents.add(game.second);
      second.opponents.add(game.first);
      if (game.counts) {
        if (game.winner === null) {
          first.points += 0.5;
          second.points += 0.5;
        } else get(game.winner).points += 1;
      }
      const key = `${game.round}\0${[game.first, game.second].sort().join("\0")}`;
      if (!leads.has(key)) leads.set(key, game);
    }
    for (const game of [...leads.values()].sort((x, y) => x.round - y.round || x.index - y.index)) {
      get(game.first).leads.push(true);
      get(game.second).leads.push(false);
    }
    for (const round of byes) {
      for (const bot of round) {
        const record = get(bot);
        record.byes += 1;
        record.points += byePoints;
      }
    }
    return [...records.values()];
  }
  function swissPlan(bots, seed, openings = []) {
    const random = seededRandom(seed);
    const order = shuffleInPlace([...bots], random);
    return { order, openings: shuffleInPlace([...openings], random), topLeadsFirst: random() < 0.5 };
  }
  var swissByePoints = (gamesPerPair) => gamesPerPair / 2;
  function swissRoundGames(plan, played, byes, round, gamesPerPair, firstIndex) {
    const games = played.map((game) => ({
      index: game.index,
      round: game.round,
      first: game.first,
      second: game.second,
      winner: game.outcome?.winner ?? null,
      counts: game.status === "finished" && game.outcome !== null && game.outcome.reason !== "aborted" && game.outcome.reason !== "cancelled"
    }));
    const records = swissRecords(plan.order, games, byes, swissByePoints(gamesPerPair));
    const pairedRound = pairSwissRound(records, { topLeadsFirst: plan.topLeadsFirst });
    if (pairedRound === null) return null;
    const pairsPerPairing = gamesPerPair / 2;
    const firstPair = Math.floor(firstIndex / 2);
    const scheduled = [];
    for (let slot = 0; slot < pairsPerPairing; slot++) {
      for (const swapped of [false, true]) {
        pairedRound.pairings.forEach((pairing, board) => {
          const pair = firstPair + board * pairsPerPairing + slot;
          const index = firstIndex + scheduled.length;
          const [first, second] = swapped ? [pairing.second, pairing.first] : [pairing.first, pairing.second];
          const game = { index, gameId: `g${index + 1}`, round, first, second, pair };
          if (plan.openings.length > 0) game.opening = plan.openings[pair % plan.openings.length];
          scheduled.push(game);
        });
      }
    }
    return { games: scheduled, byes: pairedRound.byes };
  }
  function swissRoundsProblem(bots, rounds) {
    const most = maxSwissRounds(bots);
    if (!Number.isInteger(rounds) || rounds < 1 || rounds > most) return `${bots} bots can play 1 to ${most} rounds (no pairing repeated, at most one bye each)`;
    return null;
  }
  function swissRoundResults(games, byes) {
    const rounds = byes.map((roundByes, round) => ({ round, pairings: [], byes: [...roundByes] }));
    const boards = /* @__PURE__ */ new Map();
    for (const game of [...games].sort((x, y) => x.index - y.index)) {
      const key = `${game.round}\0${[game.first, game.second].sort().join("\0")}`;
      let pairing = boards.get(key);
      if (!pairing) {
        pairing = { first: game.first, second: game.second, firstPoints: 0, secondPoints: 0, games: 0, over: 0 };
        boards.set(key, pairing);
        (rounds[game.round] ??= { round: game.round, pairings: [], byes: [] }).pairings.push(pairing);
      }
      pairing.games++;
      if (game.status === "finished" || game.status === "cancelled") pairing.over++;
      const outcome = game.outcome;
      if (game.status !== "finished" || outcome === null || outcome.reason === "aborted" || outcome.reason === "cancelled") continue;
      if (outcome.winner === null) {
        pairing.firstPoints += 0.5;
        pairing.secondPoints += 0.5;
      } else if (outcome.winner === pairing.first) pairing.firstPoints += 1;
      else pairing.secondPoints += 1;
    }
    return rounds;
  }

  // src/tournament/formats/swiss.ts
  var MAX_SWISS_BOTS = 1024;
  var MAX_SWISS_GAMES = 25e3;
  var roundCount = (bots, rounds) => rounds ?? defaultSwissRounds(bots);
  var roundsOf = (settings) => roundCount(settings.bots.length, settings.rounds);
  var progressOf = (settings, progress) => progress.swiss ?? { rounds: roundsOf(settings), paired: 0, byes: [], stopped: null };
  function byePointsOf(settings, progress) {
    const points = /* @__PURE__ */ new Map();
    for (const bot of progressOf(settings, progress).byes.flat()) points.set(bot, (points.get(bot) ?? 0) + swissByePoints(settings.gamesPerPair));
    return points;
  }
  function summary2(settings, progress, games) {
    const swiss = progressOf(settings, progress);
    return {
      rounds: swiss.rounds,
      paired: swiss.paired,
      stopped: swiss.stopped,
      byePoints: swissByePoints(settings.gamesPerPair),
      byRound: swissRoundResults(games, swiss.byes)
    };
  }
  var SWISS = {
    kind: "swiss",
    name: "Swiss",
    article: "a",
    hint: "rounds paired by score",
    command: "swiss",
    entrants: "field",
    perPair: true,
    takes: ["rounds"],
    limits: { bots: MAX_SWISS_BOTS, games: MAX_SWISS_GAMES },
    settle(bots, options) {
      const rounds = roundCount(bots.length, options.rounds);
      const problem = swissRoundsProblem(bots.length, rounds);
      return problem ? { ok: false, refusal: { field: "rounds", message: problem } } : { ok: true, options: { ...options, rounds } };
    },
    gameCount: (bots, options) => Math.floor(bots / 2) * roundCount(bots, options.rounds) * options.gamesPerPair,
    gamesPerBot: () => 1,
    schedule: () => [],
    rounds: {
      count: roundsOf,
      // Every game so far and the byes: the pairing is a pure function of them and the seed, the same when asked again.
      pair: (settings, games, progress, round, firstIndex) => swissRoundGames(
        swissPlan(settings.bots, settings.seed, settings.openings),
        games,
        progressOf(settings, progress).byes,
        round,
        settings.gamesPerPair,
        firstIndex
      )
    },
    tieBreaks: ["buchholz", "sonnebornBerger"],
    table: (settings, progress, played) => ({
      standings: computeStandings(settings.bots, scoredGames(played), { byePoints: byePointsOf(settings, progress), order: "swiss" }),
      crosstable: { bots: [], cells: [] }
    }),
    extras: (settings, progress, games) => ({ swiss: summary2(settings, progress, games) }),
    describe: (settings) => `A Swiss of ${settings.bots.length} bots, ${roundsOf(settings)} rounds, ${settings.gamesPerPair} games a pairing`,
    report(run) {
      const { id, ...base } = run.base;
      const swiss = summary2(run.settings, run.progress, run.games);
      return {
        id,
        kind: "swiss",
        ...base,
        rounds: roundsOf(run.settings),
        roundsPlayed: swiss.paired,
        stopped: swiss.stopped,
        byePoints: swiss.byePoints,
        // Rounds as players, the API and the pages count them: from 1 (the step counts from 0).
        roundResults: swiss.byRound.map((round) => ({ ...round, round: round.round + 1 })),
        schedule: run.games.map((game) => ({ ...scheduledOf(game), round: scheduledOf(game).round + 1 })),
        games: run.records,
        standings: SWISS.table(run.settings, run.progress, run.records).standings
      };
    }
  };

  // src/tournament/formats.ts
  var FORMATS = [ROUND_ROBIN, GAUNTLET, SPRT, SWISS];
  var TOURNAMENT_KINDS = FORMATS.map((format) => format.kind);

  // src/pages/tournament-view.ts
  function makeTournamentViews(draw) {
    const e = draw.escapeHtml;
    const name = draw.isolateHtml;
    function points(value) {
      const whole = Math.floor(value);
      const half = value - whole >= 0.5;
      return half ? `${whole === 0 ? "" : whole}\xBD` : String(whole);
    }
    function ratingText(rating, deviation) {
      return `${Math.round(rating)} <span class="muted">\xB1&nbsp;${Math.round(deviation)}</span>`;
    }
    function title(view) {
      return view.name ?? "Tournament";
    }
    function summaryHtml(view) {
      const { total, finished, playing } = view.progress;
      const state = view.status === "running" ? `Running: ${finished} of ${total} games played${playing ? `, ${playing === 1 ? "one" : playing} being played` : ""}.` : view.status === "finished" ? finished === total ? `Finished: all ${total} games played.` : `Finished after ${finished} of ${total} games: the SPRT decided.` : `Cancelled after ${finished} of ${total} games.`;
      const replays = view.progress.replays ? ` ${view.progress.replays} game${view.progress.replays === 1 ? "" : "s"} replayed after a bot could not be reached.` : "";
      const percent = total === 0 ? 100 : Math.round(finished / total * 100);
      return `<p class="status ${view.status === "running" ? "waiting" : "finished"}" data-status="${view.status}">${e(state + replays)}</p><progress max="${total}" value="${finished}" aria-label="Games played">${percent}%</progress>`;
    }
    function standingsHtml(view, tieBreaks) {
      if (view.standings.length === 0) return `<p class="muted">No bots.</p>`;
      const buchholz = tieBreaks.includes("buchholz");
      const sonnebornBerger = tieBreaks.includes("sonnebornBerger");
      const later = (tieBreak) => tieBreaks.indexOf(tieBreak) > 0 ? " wide-only" : "";
      const accuracyCell = (bot) => {
        const row = (view.accuracy ?? []).find((entry) => entry.bot === bot);
        if (!row || row.accuracy === null) return `<td class="num accuracy muted" title="no game reviewed yet">\u2013</td>`;
        const title2 = `${row.kept} of ${row.moves} moves kept the exact value, over ${row.games} reviewed game${row.games === 1 ? "" : "s"}; ${row.mistakes} mistake${row.mistakes === 1 ? "" : "s"}, ${row.winsThrownAway} of them throwing away a win`;
        return `<td class="num accuracy" title="${e(title2)}">${Math.round(row.accuracy * 100)}%</td>`;
      };
      const rows = view.standings.map(
        (row) => `<tr data-bot="${e(row.bot)}"><td class="num">${row.rank}</td><td class="name">${name(row.bot)}</td><td class="num points">${points(row.points)}</td><td class="num wide-only">${row.wins}</td><td class="num wide-only">${row.draws}</td><td class="num wide-only">${row.losses}${row.forfeits ? ` <span class="muted">(${row.forfeits} forfeit${row.forfeits === 1 ? "" : "s"})</span>` : ""}</td><td class="num narrow-only">${row.wins}\u2013${row.draws}\u2013${row.losses}${row.forfeits ? ` <span class="muted">(${row.forfeits}&nbsp;f.)</span>` : ""}</td><td class="num wide-only">${row.games}</td>${buchholz ? `<td class="num">${points(row.buchholz)}</td>` : ""}${sonnebornBerger ? `<td class="num${later("sonnebornBerger")}">${row.sonnebornBerger.toFixed(2)}</td>` : ""}<td class="num rating">${ratingText(row.rating, row.ratingDeviation)}</td>${accuracyCell(row.bot)}</tr>`
      );
      return `<div class="table-wrap"><table class="standings"><thead><tr><th class="num">#</th><th>Bot</th><th class="num">Points</th><th class="num wide-only">Won</th><th class="num wide-only">Drawn</th><th class="num wide-only">Lost</th><th class="num narrow-only" title="won, drawn, lost">W\u2013D\u2013L</th><th class="num wide-only">Games</th>${buchholz ? `<th class="num" title="Buchholz: the final points of every opponent met">Bh</th>` : ""}${sonnebornBerger ? `<th class="num${later("sonnebornBerger")}" title="Sonneborn-Berger: each opponent's points times the score against them">SB</th>` : ""}<th class="num">Rating</th><th class="num" title="The share of its moves that kept the exact value, over its reviewed games">Accuracy</th></tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
    }
    function crosstableHtml(view) {
      const { bots, cells } = view.crosstable;
      if (bots.length === 0) return "";
      const header = bots.map((bot, index) => `<th title="${e(draw.isolateText(bot))}">${index + 1}</th>`).join("");
      const rows = bots.map((bot, row) => {
        const line = cells[row].map(
          (cell) => cell === null ? `<td class="muted">\xD7</td>` : `<td title="${cell.wins} won, ${cell.draws} drawn, ${cell.losses} lost">${cell.games === 0 ? "\xB7" : `${points(cell.points)}/${cell.games}`}</td>`
        ).join("");
        return `<tr><th>${row + 1}. ${name(bot)}</th>${line}</tr>`;
      });
      return `<div class="table-wrap"><table class="crosstable"><thead><tr><th>Row against column</th>${header}</tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
    }
    function resultHtml(game) {
      const result = game.result;
      if (!result) return game.status === "playing" ? "being played" : e(game.status);
      if (result.reason === "draw") return "draw";
      if (result.reason === "aborted") return "aborted";
      const how = result.reason === "forfeit" ? `${result.forfeitedBy ? name(result.forfeitedBy) : "a bot"} forfeited (${e(result.forfeitCode ?? "forfeit")})` : e(result.reason);
      return `${result.winner ? name(result.winner) : "nobody"} won: ${how}`;
    }
    function gamesHtml(view, page = { games: view.games, from: 1 }) {
      const total = view.progress.total;
      const per = Math.max(view.games.length, 1);
      const last = page.from + page.games.length - 1;
      const link = (from, text, id) => `<a href="/tournaments/${e(view.id)}?from=${from}#games" id="${id}">${text}</a>`;
      const pager = total <= view.games.length ? "" : `<p class="pager" id="games-pager">Games ${page.from}\u2013${last} of ${total}. ${[
        page.from > 1 ? link(Math.max(1, page.from - per), "\u2190 Earlier", "earlier-games") : "",
        last < total ? link(last + 1, "Later \u2192", "later-games") : ""
      ].filter(Boolean).join(" \xB7 ")}</p>`;
      if (page.games.length === 0) return `<p class="muted">No games.</p>${pager}`;
      const rows = page.games.map((game) => {
        const link2 = game.links ? `<a href="${e(game.links.page)}">${game.status === "playing" ? "watch" : "board"}</a>` : "";
        return `<tr data-game="${e(game.gameId)}" data-status="${game.status}"><td class="num">${game.index + 1}</td><td class="num wide-only">${game.round}</td><td>${name(game.first)}</td><td>${name(game.second)}</td><td>${resultHtml(game)}</td><td class="num">${game.plies ?? ""}</td><td>${link2}</td></tr>`;
      });
      return `${pager}<div class="table-wrap"><table class="games"><thead><tr><th class="num">#</th><th class="num wide-only">Round</th><th>Gives first</th><th>Second</th><th>Result</th><th class="num">Moves</th><th></th></tr></thead><tbody>${rows.join("")}</tbody></table></div>${pager.replace(/ id="[a-z-]+"/g, "")}`;
    }
    const signed = (value) => `${value > 0 ? "+" : ""}${value}`;
    const interval = (value, low, high) => `${signed(tenth(value))} (95%: ${signed(tenth(low))} to ${signed(tenth(high))})`;
    const tenth = (value) => Math.round(value * 10) / 10;
    function sprtHtml(view) {
      const sprt = view.sprt;
      if (!sprt) return "";
      const unit = sprt.model === "normalized" ? "nElo" : "Elo";
      const decision = sprt.decision === "H1" ? `H1 accepted: ${name(sprt.test)} is better than ${name(sprt.base)} by ${sprt.elo1} ${unit} or more.` : sprt.decision === "H0" ? `H0 accepted: ${name(sprt.test)} is not better than ${name(sprt.base)} by more than ${sprt.elo0} ${unit}.` : view.status === "running" ? "No decision yet." : view.status === "cancelled" ? "No decision: the tournament was cancelled." : "No decision: the game limit came first.";
      const span = sprt.upper - sprt.lower;
      const at = Math.min(100, Math.max(0, (sprt.llr - sprt.lower) / span * 100));
      return `<p class="sprt-decision"><strong>${decision}</strong></p><p>LLR <strong>${sprt.llr.toFixed(2)}</strong> (${sprt.lower.toFixed(2)}, ${sprt.upper.toFixed(2)}) <meter min="${sprt.lower}" max="${sprt.upper}" value="${Math.min(sprt.upper, Math.max(sprt.lower, sprt.llr))}" aria-label="LLR between its bounds" title="${at.toFixed(0)}% of the way from H0's bound to H1's"></meter></p><p id="sprt-elo">${neloHtml(sprt.pentanomial)}Elo ${interval(sprt.elo.elo, sprt.elo.low, sprt.elo.high)}, score ${(sprt.elo.score * 100).toFixed(1)}%.</p><p>${sprt.pairs} pairs, pentanomial [${sprt.pentanomial.join(", ")}]; ${name(sprt.test)}: ${sprt.wins} won, ${sprt.draws} drawn, ${sprt.losses} lost. <span class="muted">H0: ${sprt.elo0} ${unit}, H1: ${sprt.elo1} ${unit}${sprt.model === "normalized" ? " (normalized Elo: the score's difference over its spread, so a pair of drawish bots needs no more games than a decisive one)" : " (logistic Elo)"}, alpha ${sprt.alpha}, beta ${sprt.beta}, at most ${sprt.maxGames} games.</span></p>`;
    }
    function neloHtml(pentanomial) {
      const { nelo, neloLow, neloHigh } = eloEstimate(pentanomial);
      if (nelo === null || neloLow === null || neloHigh === null) return `nElo undefined (every pair scored the same); `;
      return `<strong>nElo ${interval(nelo, neloLow, neloHigh)}</strong>; `;
    }
    function swissHtml(view) {
      const swiss = view.swiss;
      if (!swiss) return "";
      const rounds = swiss.byRound.map((round, index) => {
        const boards = round.boards.map(
          (board, number) => `<tr><td class="num">${number + 1}</td><td>${name(board.first)}</td><td class="num">${board.over === 0 ? "\u2013" : `${points(board.firstPoints)}\u2013${points(board.secondPoints)}`}</td><td>${name(board.second)}</td></tr>`
        );
        const bye = round.byes.length ? `, bye: ${round.byes.map(name).join(", ")}` : "";
        const open = index === swiss.byRound.length - 1 ? " open" : "";
        return `<details${open}><summary>Round ${round.round} (${round.status === "finished" ? "finished" : "being played"})${bye}</summary><div class="table-wrap"><table class="swiss-round"><thead><tr><th class="num">Board</th><th>Leads</th><th class="num">Points</th><th>Against</th></tr></thead><tbody>${boards.join("")}</tbody></table></div></details>`;
      });
      const stopped = swiss.stopped ? `<p class="muted">${e(swiss.stopped)}</p>` : "";
      return `<p>Round ${Math.min(swiss.paired, swiss.rounds)} of ${swiss.rounds}; a bye is worth ${points(swiss.byePoints)}.</p>${stopped}${rounds.join("")}`;
    }
    function gauntletHtml(view) {
      if (!view.gauntlet) return "";
      const rows = view.gauntlet.map(
        (row) => `<tr><td>${name(row.opponent)}</td><td class="num">${row.games}</td><td class="num">${row.wins}</td><td class="num">${row.draws}</td><td class="num">${row.losses}</td><td class="num">${row.elo ? `${signed(row.elo.elo)} (${row.elo.low} to ${row.elo.high})` : ""}</td></tr>`
      );
      return `<div class="table-wrap"><table class="gauntlet"><thead><tr><th>Against</th><th class="num">Games</th><th class="num">Won</th><th class="num">Drawn</th><th class="num">Lost</th><th class="num">Elo (95%)</th></tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
    }
    return { points, ratingText, title, summaryHtml, standingsHtml, crosstableHtml, gamesHtml, sprtHtml, gauntletHtml, swissHtml };
  }

  // src/pages/client/kit.ts
  var BOT_PREFIX = "quarto:bot:";
  function makeKit() {
    const browser = globalThis;
    const { document, localStorage } = browser;
    function byId(id) {
      const element = document.getElementById(id);
      if (!element) throw new Error(`no element #${id}`);
      return element;
    }
    function delegate(root, type, selector, listener) {
      root.addEventListener(type, (event) => {
        const target = event.target?.closest(selector);
        if (target) listener(target, event);
      });
    }
    function onActivate(root, selector, listener) {
      delegate(root, "click", selector, (target) => listener(target));
      delegate(root, "keydown", selector, (target, event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          listener(target);
        }
      });
    }
    async function api(method, path, body, token) {
      const headers = { Accept: "application/json" };
      if (body !== void 0) headers["Content-Type"] = "application/json";
      if (token) headers.Authorization = `Bearer ${token}`;
      try {
        const response = await browser.fetch(path, { method, headers, body: body === void 0 ? void 0 : JSON.stringify(body) });
        const parsed = await response.json().catch(() => null);
        if (response.ok) return { ok: true, status: response.status, body: parsed };
        return { ok: false, status: response.status, code: parsed?.code ?? "request/failed", detail: parsed?.detail ?? `HTTP ${response.status}` };
      } catch (error) {
        return { ok: false, status: 0, code: "network/failed", detail: `the service did not answer (${String(error)})` };
      }
    }
    const seatKey = (matchId) => `quarto:seat:${matchId}`;
    function heldSeat(matchId) {
      try {
        const stored = JSON.parse(localStorage.getItem(seatKey(matchId)) ?? "null");
        return stored && (stored.seat === 0 || stored.seat === 1) && typeof stored.token === "string" ? stored : null;
      } catch {
        return null;
      }
    }
    function holdSeat(matchId, held) {
      localStorage.setItem(seatKey(matchId), JSON.stringify(held));
    }
    const tournamentKey = (tournamentId) => `quarto:tournament:${tournamentId}`;
    function heldTournament(tournamentId) {
      const token = localStorage.getItem(tournamentKey(tournamentId));
      return token && token.length > 0 ? token : null;
    }
    function holdTournament(tournamentId, token) {
      localStorage.setItem(tournamentKey(tournamentId), token);
    }
    const botKey = (botId) => `${BOT_PREFIX}${botId}`;
    function heldBot(botId) {
      try {
        const stored = JSON.parse(localStorage.getItem(botKey(botId)) ?? "null");
        return stored && typeof stored.token === "string" && typeof stored.name === "string" ? { id: botId, name: stored.name, token: stored.token } : null;
      } catch {
        return null;
      }
    }
    function holdBot(held) {
      localStorage.setItem(botKey(held.id), JSON.stringify({ name: held.name, token: held.token }));
    }
    function forgetBot(botId) {
      localStorage.removeItem(botKey(botId));
    }
    function heldBots() {
      const ids = [];
      for (let index = 0; index < localStorage.length; index++) {
        const key = localStorage.key(index);
        if (key?.startsWith(BOT_PREFIX)) ids.push(key.slice(BOT_PREFIX.length));
      }
      return ids.flatMap((botId) => heldBot(botId) ?? []).sort((a, b) => a.name.localeCompare(b.name));
    }
    function formFields(form) {
      const field = (name) => {
        const element = form.querySelector(`[name="${name}"]`);
        if (!element) throw new Error(`no field ${name}`);
        return element;
      };
      const checked = (name) => [...form.querySelectorAll(`[name="${name}"]`)].filter((input) => input.checked).map((input) => input.value);
      const number = (name) => Number(field(name).value);
      const clock = () => {
        const kind = checked("clock")[0];
        if (kind === "move") return { kind: "move", moveMs: Math.round(number("moveSeconds") * 1e3) };
        if (kind === "game")
          return { kind: "game", initialMs: Math.round(number("gameMinutes") * 6e4), incrementMs: Math.round(number("incrementSeconds") * 1e3) };
        return { kind: "none" };
      };
      return { field, checked, number, clock };
    }
    return { browser, byId, delegate, onActivate, api, heldSeat, holdSeat, heldTournament, holdTournament, heldBot, holdBot, forgetBot, heldBots, formFields };
  }

  // src/pages/client/scripts.ts
  var PAGE_CONFIG_ID = "page-config";

  // src/pages/client/boot.ts
  function boot(main) {
    const { document } = globalThis;
    const config = JSON.parse(document.getElementById(PAGE_CONFIG_ID)?.textContent ?? "{}");
    const draw = makeDrawing(VOCABULARY);
    main({ draw, kit: makeKit(), views: makeMatchViews(draw), tournament: makeTournamentViews(draw) }, config);
  }

  // src/pages/client/tournaments.ts
  function tournamentsClient(env, _config) {
    const { kit } = env;
    const form = kit.byId("new-tournament");
    const error = kit.byId("form-error");
    const { field, checked, number, clock: chosenClock } = kit.formFields(form);
    const held = kit.heldBots();
    const offered = new Set([...form.querySelectorAll('input[name="bots"]')].map((input) => input.value));
    const mine = held.filter((bot) => !offered.has(bot.id));
    const { escapeHtml, isolateHtml } = env.draw;
    kit.byId("bot-choices").innerHTML += mine.map((bot) => `<label><input type="checkbox" name="bots" value="${escapeHtml(bot.id)}"> ${isolateHtml(bot.name)} <span class="muted">yours</span></label>`).join("");
    for (const select of form.querySelectorAll("select.bot-select"))
      select.innerHTML += mine.map((bot) => `<option value="${escapeHtml(bot.id)}">${isolateHtml(bot.name)} (yours)</option>`).join("");
    const entrant = (bot) => {
      const token = held.find((candidate) => candidate.id === bot)?.token;
      return token ? { id: bot, token } : bot;
    };
    function chosen() {
      const choice = form.querySelector('input[name="kind"]:checked');
      return {
        kind: choice?.getAttribute("value") ?? "",
        entrants: choice?.getAttribute("data-entrants") ?? "field",
        perPair: choice?.getAttribute("data-per-pair") !== "false",
        takes: (choice?.getAttribute("data-takes") ?? "").split(" ").filter((field2) => field2 !== "")
      };
    }
    const openings = field("openings");
    const sprtSuite = form.querySelector("option[data-sprt-default]")?.getAttribute("value") ?? "";
    let openingsChosen = false;
    openings.addEventListener("change", () => {
      openingsChosen = true;
    });
    function sync() {
      const { entrants, perPair, takes } = chosen();
      if (!openingsChosen) openings.value = takes.includes("sprt") ? sprtSuite : "";
      kit.byId("bots-field").hidden = entrants === "pair";
      kit.byId("challenger-row").hidden = entrants !== "challenger";
      kit.byId("sprt-field").hidden = entrants !== "pair" && !takes.includes("sprt");
      kit.byId("pair-row").hidden = entrants !== "pair";
      kit.byId("sprt-row").hidden = !takes.includes("sprt");
      kit.byId("games-per-pair-row").hidden = !perPair;
      kit.byId("rounds-row").hidden = !takes.includes("rounds");
    }
    form.addEventListener("change", sync);
    sync();
    function request() {
      const { kind, entrants, perPair, takes } = chosen();
      const ticked = checked("bots");
      let bots;
      if (entrants === "pair") {
        bots = [field("test").value, field("base").value];
        if (bots[0] === bots[1]) return { body: null, problem: "Choose two different bots." };
      } else if (entrants === "challenger") {
        const challenger = field("challenger").value;
        bots = [challenger, ...ticked.filter((bot) => bot !== challenger)];
        if (bots.length < 2) return { body: null, problem: "Tick at least one bot for the challenger to play." };
      } else {
        bots = ticked;
        if (bots.length < 2) return { body: null, problem: "Tick at least two bots." };
      }
      const clock = chosenClock();
      const suite = openings.value;
      const squares = form.querySelector(`[name="openings"] option[value="${suite}"]`)?.getAttribute("data-squares") === "true";
      const name = field("name").value.trim();
      const body = { kind, bots: bots.map(entrant), clock };
      if (name) body.name = name;
      if (perPair) body.gamesPerPair = number("gamesPerPair");
      if (takes.includes("sprt")) body.sprt = { elo0: number("elo0"), elo1: number("elo1"), maxGames: number("maxGames") };
      if (takes.includes("rounds") && field("rounds").value !== "") body.rounds = number("rounds");
      if (suite) {
        body.openings = suite;
        if (squares) body.rules = { squares: true };
      }
      return { body, problem: null };
    }
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const { body, problem } = request();
      error.textContent = problem ?? "";
      if (problem) return;
      const start = kit.byId("start-tournament");
      start.disabled = true;
      const answer = await kit.api("POST", "/v1/tournaments", body);
      start.disabled = false;
      if (!answer.ok) {
        error.textContent = answer.detail;
        return;
      }
      kit.holdTournament(answer.body.id, answer.body.token);
      kit.browser.location.assign(`/tournaments/${answer.body.id}`);
    });
  }
  boot(tournamentsClient);
})();
