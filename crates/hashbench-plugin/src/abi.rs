//! The descriptor of include/hashbench_plugin.h (ABI version 1), read from a loaded
//! library and checked before anything of the plugin is called: a descriptor that
//! breaks a rule is refused with the rule named, so that a plugin is never called
//! through a null pointer or asked for a digest of a length nothing can check.

use std::ffi::{c_char, c_int, c_void, CStr};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use hashbench_catalog::Algorithm;

use crate::PluginError;

/// The ABI version this hashbench loads (`HASHBENCH_PLUGIN_ABI`).
pub const ABI: u32 = 1;
/// The symbol a plugin exports.
pub const SYMBOL: &str = "hashbench_plugin_v1";
/// The largest streaming state hashbench allocates for a plugin: far above any hash's
/// (SHA-3's is 200 bytes), low enough that a garbage `state_bytes` is caught.
pub const MAX_STATE: usize = 1 << 20;
/// The longest library name, the library part of an implementation id.
pub const MAX_NAME: usize = 64;

pub(crate) type OneshotFn = unsafe extern "C" fn(*mut u8, *const u8, usize) -> c_int;
pub(crate) type InitFn = unsafe extern "C" fn(*mut c_void) -> c_int;
pub(crate) type UpdateFn = unsafe extern "C" fn(*mut c_void, *const u8, usize) -> c_int;
pub(crate) type FinalFn = unsafe extern "C" fn(*mut c_void, *mut u8) -> c_int;

/// `struct hashbench_plugin`, field for field.
#[repr(C)]
struct Raw {
    abi: u32,
    digest_bytes: u32,
    name: *const c_char,
    algorithm: *const c_char,
    backend: *const c_char,
    oneshot: Option<OneshotFn>,
    state_bytes: usize,
    init: Option<InitFn>,
    update: Option<UpdateFn>,
    final_: Option<FinalFn>,
}

/// The streaming functions of a plugin, all three present.
#[derive(Clone, Copy)]
pub(crate) struct Streaming {
    pub state_bytes: usize,
    pub init: InitFn,
    pub update: UpdateFn,
    pub final_: FinalFn,
}

/// A loaded plugin whose descriptor passed every check.
#[derive(Clone)]
pub struct Plugin {
    /// The file it was loaded from.
    pub path: PathBuf,
    /// Its library name (`crc32-ebash`).
    pub name: String,
    pub algorithm: &'static Algorithm,
    /// Its own words for what runs.
    pub backend: String,
    pub(crate) oneshot: Option<OneshotFn>,
    pub(crate) streaming: Option<Streaming>,
    /// Kept loaded while any function pointer of it may be called.
    _library: Arc<libloading::Library>,
}

impl std::fmt::Debug for Plugin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plugin")
            .field("path", &self.path)
            .field("name", &self.name)
            .field("algorithm", &self.algorithm.id)
            .finish_non_exhaustive()
    }
}

impl Plugin {
    /// Loads the shared library at `path` and checks its descriptor.
    ///
    /// # Errors
    ///
    /// [`PluginError::Load`] when it is not a shared library or lacks the symbol;
    /// [`PluginError::Descriptor`] naming the rule its descriptor breaks.
    pub fn load(path: &Path) -> Result<Plugin, PluginError> {
        let load_error = |why: String| PluginError::Load {
            path: path.to_path_buf(),
            why,
        };
        // SAFETY: loading runs the library's initialisers: that is what the user asked
        // for by naming it, and it runs in the worker process, whose crash ends only it.
        // Every symbol is bound now (RTLD_NOW), not at its first call: a library that
        // calls a function nothing linked (zlib's `crc32` without `-lz`) is refused here
        // with the symbol's name, instead of ending the worker in the middle of a call.
        let library = unsafe {
            libloading::os::unix::Library::open(
                Some(path),
                libloading::os::unix::RTLD_NOW | libloading::os::unix::RTLD_LOCAL,
            )
        }
        .map(libloading::Library::from)
        .map_err(|e| {
            let e = with_sources(&e);
            load_error(if e.contains("undefined symbol") {
                format!(
                    "cannot be loaded: {e}: a function it calls is in no library linked to \
                     it (link that library: --cflags=-lNAME)"
                )
            } else {
                format!("not a shared library hashbench can load: {e}")
            })
        })?;
        // SAFETY: the symbol's type is the header's; a library that exports another
        // thing under this name breaks the ABI it claims.
        let describe: libloading::Symbol<'_, unsafe extern "C" fn() -> *const Raw> =
            unsafe { library.get(SYMBOL.as_bytes()) }.map_err(|e| {
                load_error(format!(
                    "no symbol {SYMBOL} (include/hashbench_plugin.h; for an eBASH \
                     crypto_hash, give its folder): {}",
                    with_sources(&e)
                ))
            })?;
        // SAFETY: as above; the function takes nothing.
        let raw = unsafe { describe() };
        // SAFETY: non-null is checked; the header says the descriptor lives as long as
        // the library, which the plugin keeps loaded (the `Arc` moves, it never unloads).
        let Some(raw) = (unsafe { raw.as_ref() }) else {
            return Err(descriptor_error(path, "is a null pointer"));
        };
        check(path, raw, Arc::new(library))
    }

    /// The id of this plugin's implementation: `<algorithm>/plugin:<name>`.
    #[must_use]
    pub fn id(&self) -> String {
        format!("{}/plugin:{}", self.algorithm.id, self.name)
    }

    /// The digest length, the algorithm's.
    #[must_use]
    pub fn digest_bytes(&self) -> usize {
        self.algorithm.output_bytes()
    }
}

fn descriptor_error(path: &Path, why: &str) -> PluginError {
    PluginError::Descriptor {
        path: path.to_path_buf(),
        why: why.to_string(),
    }
}

/// A C string of the descriptor as UTF-8; `None` for a null pointer.
fn text(path: &Path, field: &str, p: *const c_char) -> Result<Option<String>, PluginError> {
    if p.is_null() {
        return Ok(None);
    }
    // SAFETY: the header asks for a NUL-terminated string that lives with the library.
    let s = unsafe { CStr::from_ptr(p) };
    s.to_str()
        .map(|s| Some(s.to_string()))
        .map_err(|_| descriptor_error(path, &format!("has a `{field}` that is not UTF-8 text")))
}

/// Whether `name` may be the library part of an id.
pub(crate) fn name_ok(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'+'))
}

/// Every rule of the header, in its order.
/// `e` and what it wraps: libloading says only "dlopen failed" and keeps the system's
/// reason (the file, the symbol) as its source.
fn with_sources(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

fn check(path: &Path, raw: &Raw, library: Arc<libloading::Library>) -> Result<Plugin, PluginError> {
    let bad = |why: String| descriptor_error(path, &why);
    if raw.abi != ABI {
        return Err(bad(format!(
            "says ABI version {}, this hashbench loads version {ABI} (rebuild it against \
             this checkout's include/hashbench_plugin.h)",
            raw.abi
        )));
    }
    let name = text(path, "name", raw.name)?.ok_or_else(|| bad("has a null `name`".into()))?;
    if !name_ok(&name) {
        return Err(bad(format!(
            "names the library {:?}: give 1 to {MAX_NAME} letters, digits, '.', '_', '-' or '+'",
            hashbench_model::inert::clipped(&name, 80)
        )));
    }
    let alg = text(path, "algorithm", raw.algorithm)?
        .ok_or_else(|| bad("has a null `algorithm`".into()))?;
    let algorithm = hashbench_catalog::find_algorithm(&alg).ok_or_else(|| {
        bad(format!(
            "claims the algorithm {:?}, which the catalogue does not know (`hashbench list` \
             shows the ids)",
            hashbench_model::inert::clipped(&alg, 40)
        ))
    })?;
    let digest = raw.digest_bytes as usize;
    if !(1..=64).contains(&digest) || digest != algorithm.output_bytes() {
        return Err(bad(format!(
            "gives digest_bytes {digest}: {} outputs {} bytes",
            algorithm.id,
            algorithm.output_bytes()
        )));
    }
    let backend = text(path, "backend", raw.backend)?.unwrap_or_default();
    let streaming = match (raw.init, raw.update, raw.final_) {
        (None, None, None) => None,
        (Some(init), Some(update), Some(final_)) => {
            if !(1..=MAX_STATE).contains(&raw.state_bytes) {
                return Err(bad(format!(
                    "gives state_bytes {}: give 1 to {MAX_STATE} with init/update/final",
                    raw.state_bytes
                )));
            }
            Some(Streaming {
                state_bytes: raw.state_bytes,
                init,
                update,
                final_,
            })
        }
        _ => {
            return Err(bad(
                "gives some of init, update and final: give all three or none".into(),
            ))
        }
    };
    if raw.oneshot.is_none() && streaming.is_none() {
        return Err(bad(
            "gives no function: give oneshot, or init/update/final, or both".into(),
        ));
    }
    Ok(Plugin {
        path: path.to_path_buf(),
        name,
        algorithm,
        backend: hashbench_model::inert::clipped(&backend, 200).into_owned(),
        oneshot: raw.oneshot,
        streaming,
        _library: library,
    })
}
