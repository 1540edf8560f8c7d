//! `device-write`: writes to block devices, raw memory and kernel trigger files.

use super::common::{deny, is_block_device, prog, text};
use super::one_liner::fed_text;
use super::{Check, CheckCtx, Finding, declare_check};

declare_check! {
    /// **What it flags**: anything written to a disk or partition device (`/dev/sd*`,
    /// `/dev/nvme*`, `/dev/hd*`, `/dev/vd*`, `/dev/xvd*`, `/dev/mmcblk*`, `/dev/disk*`,
    /// `/dev/mapper/*`, `/dev/md*`), raw memory (`/dev/mem`, `/dev/kmem`, `/dev/port`) or
    /// `/proc/sysrq-trigger`: by a redirect (`> /dev/sda`), `tee`, `cp`, `dd of=` (and the
    /// programs spelled like dd, `programs::is_dd_style`: dcfldd's and dc3dd's `of=`, `hof=`,
    /// `wipe=` too), `shred`, an image writer's output as its table names it (`partclone.* -o`,
    /// `ntfsclone --overwrite`, `e2image -ra IMG DEV`, `ddrescue IMG DEV`; `qemu-img convert`,
    /// `bmaptool copy`; `zstd -o`, `pv -o`, `growisofs -Z DEV=IMG`, `fsarchiver restfs IMG
    /// id=0,dest=DEV`), and the programs that overwrite every operand (`programs::overwrites_operands`: `wipefs`, `mkfs*`, `mkswap`,
    /// `blkdiscard`, `mkreiserfs`, `mformat`, `scrub`…); and a partition editor (`fdisk`, `gdisk`,
    /// `cfdisk`) given a disk and a script on standard input that writes (`fdisk /dev/sda <<<
    /// $'o\nw'`), or `sfdisk DISK` fed a layout (it always writes).
    ///
    /// **Why it is risky**: it destroys the file system on the disk, or crashes or reboots the
    /// machine at once.
    ///
    /// **Example**: `cat image.iso > /dev/nvme0n1` → deny; `echo b > /proc/sysrq-trigger` → deny.
    /// Reading a device (`dd if=/dev/sda of=disk.img`) is not flagged here.
    ///
    /// **Known gaps**: device paths through symlinks (`/dev/disk/by-id/…` is covered, a custom
    /// link is not) and dynamic targets (`> "$dev"`) are not recognised.
    DeviceWrite,
    "device-write"
}

impl Check for DeviceWrite {
    fn run(&self, cx: &CheckCtx, out: &mut Vec<Finding>) {
        for (i, u) in cx.analysis.units.iter().enumerate() {
            if let Some(p @ ("fdisk" | "gdisk" | "sfdisk")) = prog(u)
                && let Some(disk) = u.args().map(text).find(|t| is_block_device(t))
                && !u
                    .args()
                    .map(text)
                    .any(|t| matches!(t, "-l" | "--list" | "-d" | "--dump"))
            {
                // `w` on a line of its own writes the table; sfdisk writes whatever it reads.
                let writes = match fed_text(cx, i, u) {
                    Some(script) => p == "sfdisk" || script.lines().any(|l| l.trim() == "w"),
                    None => p == "sfdisk" && u.piped,
                };
                if writes {
                    out.push(deny(
                        Some(i),
                        u.span,
                        format!(
                            "`{p}` rewrites the partition table of `{disk}`: what was on it is lost"
                        ),
                    ));
                    continue;
                }
            }
            if let Some(t) = cx.write_targets(i).iter().find(|t| is_block_device(t)) {
                let by = prog(u).unwrap_or("a redirect");
                out.push(deny(
                    Some(i),
                    u.span,
                    format!(
                        "writes to the device `{t}` ({by}): destroys a disk or the running system"
                    ),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::decisions;
    use crate::decision::Decision;

    #[test]
    fn table() {
        for (cmd, want) in [
            ("echo x > /dev/sda", Some(Decision::Deny)),
            ("cat image.iso > /dev/nvme0n1", Some(Decision::Deny)),
            ("tee /dev/sda < /dev/zero", Some(Decision::Deny)),
            ("dd if=/dev/zero of=/dev/sda bs=1M", Some(Decision::Deny)),
            (
                "partclone.ext4 -r -s img -o /dev/sda1",
                Some(Decision::Deny),
            ),
            (
                "ntfsclone --restore-image --overwrite /dev/sda1 img",
                Some(Decision::Deny),
            ),
            ("e2image -ra img /dev/sdb1", Some(Decision::Deny)),
            ("ddrescue img /dev/sda map", Some(Decision::Deny)),
            (
                "qemu-img convert -O raw a.qcow2 /dev/sda",
                Some(Decision::Deny),
            ),
            ("bmaptool copy a.wic /dev/mmcblk0", Some(Decision::Deny)),
            ("ddpt if=img of=/dev/sdb", Some(Decision::Deny)),
            ("zstd -d img.zst -o /dev/sdb", Some(Decision::Deny)),
            ("zstd -qdfo /dev/sdb img.zst", Some(Decision::Deny)),
            ("zstd -d -o=/dev/sdb img.zst", Some(Decision::Deny)),
            ("zstd -d img.zst -o out.img", None),
            ("pv img -o /dev/sda", Some(Decision::Deny)),
            ("growisofs -Z /dev/sr0=img.iso", Some(Decision::Deny)),
            ("growisofs -Z/dev/sdb=img.iso", Some(Decision::Deny)),
            (
                "fsarchiver restfs img.fsa id=0,dest=/dev/sda1",
                Some(Decision::Deny),
            ),
            ("fsarchiver -j 4 savefs img.fsa /dev/sda1", None),
            ("partclone.ext4 -c -s /dev/sda1 -o img", None),
            ("e2image /dev/sda1 img", None),
            ("ddrescue /dev/sda img map", None),
            ("qemu-img convert -O raw a.qcow2 a.raw", None),
            ("cp disk.img /dev/mmcblk0", Some(Decision::Deny)),
            ("echo b > /proc/sysrq-trigger", Some(Decision::Deny)),
            ("shred -n 3 -z /dev/nvme0n1", Some(Decision::Deny)),
            ("mkfs.ext4 /dev/sdb1", Some(Decision::Deny)),
            ("wipefs -a /dev/sda", Some(Decision::Deny)),
            ("fdisk /dev/sda <<< $'o\\nw'", Some(Decision::Deny)),
            (
                "printf 'o\\nn\\np\\n\\n\\n\\nw\\n' | fdisk /dev/sdb",
                Some(Decision::Deny),
            ),
            ("echo ',,83' | sfdisk /dev/sdb", Some(Decision::Deny)),
            ("fdisk -l /dev/sda", None),
            ("fdisk /dev/sda <<< $'p\\nq'", None),
            ("dd if=/dev/sda of=disk.img", None),
            ("echo x > /dev/null", None),
            ("cat /dev/sda | head -c 512", None),
        ] {
            assert_eq!(decisions(&super::DeviceWrite, cmd), want, "{cmd}");
        }
    }
}
